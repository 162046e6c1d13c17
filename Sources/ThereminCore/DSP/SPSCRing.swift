import Synchronization

/// A lock-free single-producer / single-consumer ring of plain values: how the tracking thread hands controls to
/// the audio thread without locks or allocation.
///
/// Exactly one thread may push and exactly one other thread may pop.
public final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Element>
    private let mask: Int
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)

    /// - Parameter capacity: rounded up to a power of two.
    public init(capacity: Int) {
        var size = 1
        while size < max(2, capacity) { size <<= 1 }
        storage = .allocate(capacity: size)
        mask = size - 1
    }

    deinit {
        storage.deallocate()
    }

    /// Producer side. Returns false (dropping the value) when the ring is full.
    @discardableResult
    public func push(_ element: Element) -> Bool {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        if h - t > mask { return false }
        (storage + (h & mask)).initialize(to: element)
        head.store(h + 1, ordering: .releasing)
        return true
    }

    /// Consumer side. Returns nil when empty.
    public func pop() -> Element? {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        if t == h { return nil }
        let element = storage[t & mask]
        tail.store(t + 1, ordering: .releasing)
        return element
    }

    /// Consumer side: drains the ring and returns the newest value, if any.
    public func popNewest() -> Element? {
        var newest: Element?
        while let element = pop() { newest = element }
        return newest
    }
}
