import CLilv
import LV2HostFeatures

/// A running plugin: the `LilvInstance` and its host side (`TheremLV2Host`: features, atom buffers, worker),
/// deactivated and freed together on release, the instance first (the worker may still hold it until it leaves).
final class LV2Instance {
    /// The most frames one `run` is given (the options' maximum block length).
    static let blockCapacity = 1_024
    let instance: UnsafeMutablePointer<LilvInstance>
    let host: OpaquePointer
    private var active = false

    init(_ instance: UnsafeMutablePointer<LilvInstance>, host: OpaquePointer) {
        self.instance = instance
        self.host = host
    }

    deinit {
        theremin_lv2_host_detach(host)  // leaves the worker thread (waiting for work in progress) first
        if active { lilv_instance_deactivate(instance) }
        lilv_instance_free(instance)
        theremin_lv2_host_free(host)
        theremin_lv2_flush_log()
    }

    /// Points port `index` at `buffer` (before `activate`, and never again while running).
    func connect(_ index: Int, to buffer: UnsafeMutableRawPointer?) {
        lilv_instance_connect_port(instance, UInt32(index), buffer)
    }

    /// A buffer for an atom port, owned by the host side: an empty sequence in, or a sequence out reset every cycle.
    func atomBuffer(output: Bool) -> UnsafeMutableRawPointer? {
        theremin_lv2_host_atom_buffer(host, output)
    }

    func activate() {
        lilv_instance_activate(instance)
        active = true
    }

    /// Whether the plugin schedules work (has a worker interface).
    var hasWorker: Bool { theremin_lv2_host_has_worker(host) }

    /// Work the plugin scheduled, work done, responses delivered to it at the start of a cycle, and requests
    /// refused (the ring full).
    var work: LV2WorkCounts {
        var scheduled: UInt64 = 0, done: UInt64 = 0, delivered: UInt64 = 0, dropped: UInt64 = 0
        theremin_lv2_host_work_counts(host, &scheduled, &done, &delivered, &dropped)
        return LV2WorkCounts(scheduled: Int(scheduled), done: Int(done), delivered: Int(delivered), dropped: Int(dropped))
    }

    /// Runs one cycle of `frames` frames: the worker's responses first, then `run`, then `end_run`. Render
    /// contract (no allocation, lock or I/O on theremin's side; the plugin's own `run` is the plugin's).
    @inline(__always)
    func run(frames: Int) { theremin_lv2_host_run(host, UInt32(frames)) }

    /// Prints the log lines the plugin queued while rendering (off the render path).
    static func flushLog() { theremin_lv2_flush_log() }
}
