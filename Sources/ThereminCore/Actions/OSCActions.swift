/// `--osc-in`'s address space: `/theremin/ACTION`, the action's name as a mapping file writes it.
///
/// An action without a value fires on a message without arguments, or with one number that is not 0 (a button's
/// press; its release, 0, does nothing): `/theremin/next-preset`, `/theremin/mute 1`. `preset` takes the number
/// (`/theremin/preset 3`), `correction` the percentage (`/theremin/correction 50`), as an int or a float.
public enum OSCActions {
    public static let prefix = "/theremin/"

    public static func outcome(address: String, arguments: [OSCMessage.Argument]) -> ActionOutcome {
        guard address.hasPrefix(prefix), PlayerAction.allNames.contains(String(address.dropFirst(prefix.count))) else {
            return .unmapped(what: "OSC address \(address)")
        }
        let name = String(address.dropFirst(prefix.count))
        let numbers = arguments.compactMap { argument -> Double? in
            switch argument {
            case .int(let value): Double(value)
            case .float(let value): Double(value)
            case .string: nil
            }
        }
        guard numbers.count == arguments.count else {
            return .malformed(what: address, problem: "takes a number, not text")
        }
        guard numbers.count <= 1 else {
            return .malformed(what: address, problem: "takes at most one number, not \(numbers.count)")
        }
        switch name {
        case "preset":
            guard let number = numbers.first, number == number.rounded(), number >= 1, number <= 999 else {
                return .malformed(what: address, problem: "needs the preset's number, e.g. \(address) 3")
            }
            return .action(.preset(Int(number)), origin: address)
        case "correction":
            guard let amount = numbers.first, amount.isFinite, (0...100).contains(amount) else {
                return .malformed(what: address, problem: "needs the amount in percent, 0 to 100, e.g. \(address) 50")
            }
            return .action(.correction(amount), origin: address)
        default:
            if let value = numbers.first, value == 0 { return .ignored }
            guard let action = PlayerAction(name: name, value: nil) else { return .unmapped(what: "OSC address \(address)") }
            return .action(action, origin: address)
        }
    }
}
