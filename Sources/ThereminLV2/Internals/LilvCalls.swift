import CLilv
import Foundation

/// lilv's world: every installed plugin's description (`lilv_world_load_all`, which reads LV2_PATH), loaded once on
/// first use and kept for the process. Used from one thread at a time (the main thread sets effects up).
final class LV2World: @unchecked Sendable {
    static let shared = LV2World()

    private let world: OpaquePointer?
    private let audioClass: OpaquePointer?, controlClass: OpaquePointer?
    private let inputClass: OpaquePointer?, outputClass: OpaquePointer?
    private let optionalProperty: OpaquePointer?

    private init() {
        world = lilv_world_new()
        if let world { lilv_world_load_all(world) }
        audioClass = world.flatMap { lilv_new_uri($0, "http://lv2plug.in/ns/lv2core#AudioPort") }
        controlClass = world.flatMap { lilv_new_uri($0, "http://lv2plug.in/ns/lv2core#ControlPort") }
        inputClass = world.flatMap { lilv_new_uri($0, "http://lv2plug.in/ns/lv2core#InputPort") }
        outputClass = world.flatMap { lilv_new_uri($0, "http://lv2plug.in/ns/lv2core#OutputPort") }
        optionalProperty = world.flatMap { lilv_new_uri($0, "http://lv2plug.in/ns/lv2core#connectionOptional") }
    }

    /// Every installed plugin, sorted by URI.
    func allPlugins() -> [LV2Plugin] {
        guard let world, let plugins = lilv_world_get_all_plugins(world) else { return [] }
        var found: [LV2Plugin] = []
        var iterator = lilv_plugins_begin(plugins)
        while !lilv_plugins_is_end(plugins, iterator) {
            if let plugin = lilv_plugins_get(plugins, iterator) { found.append(describe(plugin)) }
            iterator = lilv_plugins_next(plugins, iterator)
        }
        return found.sorted { $0.uri < $1.uri }
    }

    /// The plugin with this URI, or nil when none is installed.
    func plugin(uri: String) -> LV2Plugin? {
        handle(uri: uri).map(describe)
    }

    /// Instantiates the plugin at `rate`, with no features (only plugins requiring none are run), and activates it.
    func instantiate(uri: String, rate: Double) -> LV2Instance? {
        guard let plugin = handle(uri: uri), let instance = lilv_plugin_instantiate(plugin, rate, nil) else { return nil }
        return LV2Instance(instance)
    }

    private func handle(uri: String) -> OpaquePointer? {
        guard let world, let plugins = lilv_world_get_all_plugins(world), let node = lilv_new_uri(world, uri) else { return nil }
        defer { lilv_node_free(node) }
        return lilv_plugins_get_by_uri(plugins, node)
    }

    private func describe(_ plugin: OpaquePointer) -> LV2Plugin {
        let uri = LV2World.text(lilv_plugin_get_uri(plugin))
        let name = LV2World.taking(lilv_plugin_get_name(plugin))
        let className = lilv_plugin_get_class(plugin).map { LV2World.text(lilv_plugin_class_get_label($0)) } ?? ""
        var features: [String] = []
        if let required = lilv_plugin_get_required_features(plugin) {
            var iterator = lilv_nodes_begin(required)
            while !lilv_nodes_is_end(required, iterator) {
                features.append(LV2World.text(lilv_nodes_get(required, iterator)))
                iterator = lilv_nodes_next(required, iterator)
            }
            lilv_nodes_free(required)
        }
        let count = Int(lilv_plugin_get_num_ports(plugin))
        var minimums = [Float](repeating: .nan, count: count)
        var maximums = [Float](repeating: .nan, count: count)
        var defaults = [Float](repeating: .nan, count: count)
        lilv_plugin_get_port_ranges_float(plugin, &minimums, &maximums, &defaults)
        var ports: [LV2Port] = []
        for index in 0..<count {
            guard let port = lilv_plugin_get_port_by_index(plugin, UInt32(index)) else { continue }
            let input = lilv_port_is_a(plugin, port, inputClass)
            let kind: LV2Port.Kind
            if lilv_port_is_a(plugin, port, audioClass) {
                kind = input ? .audioInput : .audioOutput
            } else if lilv_port_is_a(plugin, port, controlClass) {
                kind = input ? .controlInput : .controlOutput
            } else {
                kind = .other(portType(plugin, port))
            }
            func value(_ number: Float) -> Float? { number.isNaN ? nil : number }
            ports.append(LV2Port(index: index, symbol: LV2World.text(lilv_port_get_symbol(plugin, port)),
                                 name: LV2World.taking(lilv_port_get_name(plugin, port)), kind: kind,
                                 minimum: value(minimums[index]), maximum: value(maximums[index]),
                                 defaultValue: value(defaults[index]),
                                 isOptional: lilv_port_has_property(plugin, port, optionalProperty)))
        }
        return LV2Plugin(uri: uri, name: name, className: className, ports: ports, requiredFeatures: features)
    }

    /// The first class of a port that is neither input nor output (its type: atom, CV, …).
    private func portType(_ plugin: OpaquePointer, _ port: OpaquePointer) -> String {
        guard let classes = lilv_port_get_classes(plugin, port) else { return "unknown" }
        var iterator = lilv_nodes_begin(classes)
        while !lilv_nodes_is_end(classes, iterator) {
            let uri = LV2World.text(lilv_nodes_get(classes, iterator))
            if !uri.hasSuffix("#InputPort") && !uri.hasSuffix("#OutputPort") { return uri }
            iterator = lilv_nodes_next(classes, iterator)
        }
        return "unknown"
    }

    private static func text(_ node: OpaquePointer?) -> String {
        node.flatMap { lilv_node_as_string($0) }.map { String(cString: $0) } ?? ""
    }

    /// A node the caller owns, as text, then freed.
    private static func taking(_ node: OpaquePointer?) -> String {
        defer { if let node { lilv_node_free(node) } }
        return text(node)
    }
}

/// A running plugin: `LilvInstance`, activated when made, deactivated and freed on release.
final class LV2Instance {
    private let instance: UnsafeMutablePointer<LilvInstance>

    fileprivate init(_ instance: UnsafeMutablePointer<LilvInstance>) {
        self.instance = instance
    }

    deinit {
        lilv_instance_deactivate(instance)
        lilv_instance_free(instance)
    }

    /// Points port `index` at `buffer` (before `activate`, and never again while running).
    func connect(_ index: Int, to buffer: UnsafeMutablePointer<Float>) {
        lilv_instance_connect_port(instance, UInt32(index), buffer)
    }

    func activate() { lilv_instance_activate(instance) }

    /// Runs one block of `frames` frames. Render contract (the plugin's `run`, lilv's inline call; no allocation here).
    @inline(__always)
    func run(frames: Int) { lilv_instance_run(instance, UInt32(frames)) }
}
