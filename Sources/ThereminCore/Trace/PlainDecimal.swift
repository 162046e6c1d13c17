/// Reads a plain decimal (`-12.3667`: optional sign, digits, optional fraction, no exponent) to the very Double
/// that `Double(String)` gives, without the C string that costs: Clinger's fast path. A mantissa up to 2^53 and a
/// power of ten up to 10^22 are both exact doubles, so one correctly rounded division is the correctly rounded value.
enum PlainDecimal {
    /// The value of `bytes`, or nil when they are not a plain decimal of at most 19 significant digits with a
    /// mantissa up to 2^53 and at most 22 fraction digits: exponents, `inf`, `nan`, hex, long digit strings and
    /// everything that is no number at all are left to `Double(String)`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var sawDigit = false
        var inFraction = false
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                if inFraction { return nil }
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            sawDigit = true
            if inFraction { fractionDigits += 1 }
            // Leading zeros do not count: 19 digits always fit in UInt64.
            if mantissa == 0 && digit == 0 { continue }
            significantDigits += 1
            guard significantDigits <= 19 else { return nil }
            mantissa = mantissa * 10 + UInt64(digit)
        }
        guard sawDigit, mantissa <= 1 << 53, fractionDigits < powersOfTen.count else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10^0 … 10^22: the powers of ten a Double holds exactly.
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                                1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
}
