import CLilv
import LV2HostFeatures

/// lilv's world: every installed plugin's description (`lilv_world_load_all`, which reads LV2_PATH), loaded once on
/// first use and kept for the process. Used from one thread at a time (the main thread sets effects up).
final class LV2World: @unchecked Sendable {
    static let shared = LV2World()

    let world: OpaquePointer?
    private let audioClass: OpaquePointer?, controlClass: OpaquePointer?, atomClass: OpaquePointer?
    private let cvClass: OpaquePointer?, inputClass: OpaquePointer?
    private let optionalProperty: OpaquePointer?, sideChainProperty: OpaquePointer?, latencyProperty: OpaquePointer?
    private let latencyDesignation: OpaquePointer?, designation: OpaquePointer?
    private let groupPredicate: OpaquePointer?, sideChainOf: OpaquePointer?, midiEvent: OpaquePointer?
    private let presetClass: OpaquePointer?, label: OpaquePointer?, minimumSize: OpaquePointer?

    private init() {
        let world = lilv_world_new()
        if let world { lilv_world_load_all(world) }
        self.world = world
        func uri(_ text: String) -> OpaquePointer? { world.flatMap { lilv_new_uri($0, text) } }
        let core = "http://lv2plug.in/ns/lv2core#"
        audioClass = uri(core + "AudioPort")
        controlClass = uri(core + "ControlPort")
        cvClass = uri(core + "CVPort")
        atomClass = uri("http://lv2plug.in/ns/ext/atom#AtomPort")
        inputClass = uri(core + "InputPort")
        optionalProperty = uri(core + "connectionOptional")
        sideChainProperty = uri(core + "isSideChain")
        latencyProperty = uri(core + "reportsLatency")
        latencyDesignation = uri(core + "latency")
        designation = uri(core + "designation")
        groupPredicate = uri("http://lv2plug.in/ns/ext/port-groups#group")
        sideChainOf = uri("http://lv2plug.in/ns/ext/port-groups#sideChainOf")
        midiEvent = uri("http://lv2plug.in/ns/ext/midi#MidiEvent")
        presetClass = uri("http://lv2plug.in/ns/ext/presets#Preset")
        label = uri("http://www.w3.org/2000/01/rdf-schema#label")
        minimumSize = uri("http://lv2plug.in/ns/ext/resize-port#minimumSize")
    }

    /// Loads one more bundle (a folder with a manifest.ttl) into the world: how tests add their own plugin.
    func loadBundle(path: String) {
        guard let world, let uri = lilv_new_file_uri(world, nil, path.hasSuffix("/") ? path : path + "/") else { return }
        lilv_world_load_bundle(world, uri)
        lilv_node_free(uri)
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

    /// Why the plugin's library does not load (the dynamic loader's reason, which is what lilv would print), or
    /// nil when it loads. Opens the library once, as lilv does, and closes it.
    func libraryProblem(path: String) -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        if theremin_lv2_library_loads(path, &reason, reason.count) { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Instantiates the plugin at `rate` with theremin's host features, restores its default state when it asks
    /// for it and `preset`'s state when given, and returns the control values the restored state set, by symbol.
    func instantiate(uri: String, rate: Double, realTime: Bool, sequenceSize: Int, preset: String?,
                     name: String) -> (LV2Instance, [String: Float])? {
        guard let plugin = handle(uri: uri),
              let host = theremin_lv2_host_new(rate, UInt32(LV2Instance.blockCapacity), UInt32(sequenceSize), realTime, name)
        else { return nil }
        guard let instance = lilv_plugin_instantiate(plugin, rate, theremin_lv2_host_features(host)) else {
            theremin_lv2_host_free(host)
            return nil
        }
        theremin_lv2_host_attach(host, instance)
        let running = LV2Instance(instance, host: host)
        var values: [String: Float] = [:]
        if let required = lilv_plugin_get_required_features(plugin) {
            let defaultState = lilv_new_uri(world, "http://lv2plug.in/ns/ext/state#loadDefaultState")
            if lilv_nodes_contains(required, defaultState) {
                values.merge(restore(lilv_plugin_get_uri(plugin), into: running)) { $1 }
            }
            lilv_node_free(defaultState)
            lilv_nodes_free(required)
        }
        if let preset, let node = lilv_new_uri(world, preset) {
            values.merge(restore(node, into: running)) { $1 }
            lilv_node_free(node)
        }
        return (running, values)
    }

    /// Restores the state `subject` describes (a preset, or a plugin's default state) into the instance, collecting
    /// the port values it sets (applied by the caller to the control buffers).
    private func restore(_ subject: OpaquePointer?, into instance: LV2Instance) -> [String: Float] {
        guard let world, let subject, let map = theremin_lv2_map_feature()?.pointee.data else { return [:] }
        _ = lilv_world_load_resource(world, subject)
        guard let state = lilv_state_new_from_world(world, map.assumingMemoryBound(to: LV2_URID_Map.self), subject)
        else { return [:] }
        defer { lilv_state_free(state) }
        let collected = PortValues()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        lilv_state_restore(state, instance.instance, { symbol, context, value, size, type in
            guard let symbol, let context, let value else { return }
            Unmanaged<PortValues>.fromOpaque(context).takeUnretainedValue()
                .take(String(cString: symbol), value: value, size: size, type: type)
        }, context, 0, theremin_lv2_host_features(instance.host))
        return collected.values
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
            features = LV2World.texts(required)
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
            func value(_ number: Float) -> Float? { number.isNaN ? nil : number }
            let symbol = LV2World.text(lilv_port_get_symbol(plugin, port))
            var described = LV2Port(index: index, symbol: symbol, name: LV2World.taking(lilv_port_get_name(plugin, port)),
                                     kind: kind(plugin, port), minimum: value(minimums[index]),
                                     maximum: value(maximums[index]), defaultValue: value(defaults[index]),
                                     isOptional: lilv_port_has_property(plugin, port, optionalProperty))
            switch described.kind {
            case .audioInput: described.isSideChain = isSideChain(plugin, port, symbol: symbol)
            case .controlOutput: described.reportsLatency = reportsLatency(plugin, port)
            case .atomInput, .atomOutput:
                described.takesMIDI = described.kind == .atomInput && lilv_port_supports_event(plugin, port, midiEvent)
                if let size = lilv_port_get(plugin, port, minimumSize) {
                    described.minimumSize = Int(max(0, lilv_node_as_int(size)))
                    lilv_node_free(size)
                }
            default: break
            }
            ports.append(described)
        }
        let library = lilv_plugin_get_library_uri(plugin).flatMap { lilv_node_as_uri($0) }
            .flatMap { lilv_file_uri_parse($0, nil) }
        defer { if let library { lilv_free(library) } }
        return LV2Plugin(uri: uri, name: name, className: className, ports: ports, requiredFeatures: features,
                         libraryPath: library.map { String(cString: $0) } ?? "", libraryProblem: nil,
                         presets: presets(plugin))
    }

    private func kind(_ plugin: OpaquePointer, _ port: OpaquePointer) -> LV2Port.Kind {
        let input = lilv_port_is_a(plugin, port, inputClass)
        if lilv_port_is_a(plugin, port, audioClass) { return input ? .audioInput : .audioOutput }
        if lilv_port_is_a(plugin, port, controlClass) { return input ? .controlInput : .controlOutput }
        if lilv_port_is_a(plugin, port, atomClass) { return input ? .atomInput : .atomOutput }
        if lilv_port_is_a(plugin, port, cvClass) { return input ? .cvInput : .cvOutput }
        return .other(portType(plugin, port))
    }

    /// `lv2:isSideChain`, a port group that is `pg:sideChainOf` another, or (Calf's, which say neither) a symbol
    /// naming a side-chain.
    private func isSideChain(_ plugin: OpaquePointer, _ port: OpaquePointer, symbol: String) -> Bool {
        if lilv_port_has_property(plugin, port, sideChainProperty) { return true }
        if let group = lilv_port_get(plugin, port, groupPredicate) {
            defer { lilv_node_free(group) }
            if lilv_world_ask(world, group, sideChainOf, nil) { return true }
        }
        let lowered = symbol.lowercased()
        return lowered.contains("sidechain") || lowered.contains("side_chain")
    }

    private func reportsLatency(_ plugin: OpaquePointer, _ port: OpaquePointer) -> Bool {
        if lilv_port_has_property(plugin, port, latencyProperty) { return true }
        guard let designated = lilv_port_get(plugin, port, designation) else { return false }
        defer { lilv_node_free(designated) }
        return lilv_node_equals(designated, latencyDesignation)
    }

    /// The plugin's presets with their labels (each preset's data is loaded to read its label).
    private func presets(_ plugin: OpaquePointer) -> [LV2Preset] {
        guard let world, let related = lilv_plugin_get_related(plugin, presetClass) else { return [] }
        defer { lilv_nodes_free(related) }
        var found: [LV2Preset] = []
        var iterator = lilv_nodes_begin(related)
        while !lilv_nodes_is_end(related, iterator) {
            if let preset = lilv_nodes_get(related, iterator) {
                _ = lilv_world_load_resource(world, preset)
                let uri = LV2World.text(preset)
                let text = LV2World.taking(lilv_world_get(world, preset, label, nil))
                found.append(LV2Preset(uri: uri, label: text.isEmpty ? uri : text))
            }
            iterator = lilv_nodes_next(related, iterator)
        }
        return found.sorted { $0.label < $1.label }
    }

    /// The first class of a port that is neither input nor output (its type: event, …).
    private func portType(_ plugin: OpaquePointer, _ port: OpaquePointer) -> String {
        guard let classes = lilv_port_get_classes(plugin, port) else { return "unknown" }
        return LV2World.texts(classes).first { !$0.hasSuffix("#InputPort") && !$0.hasSuffix("#OutputPort") } ?? "unknown"
    }

    private static func texts(_ nodes: UnsafeRawPointer) -> [String] {
        var found: [String] = []
        var iterator = lilv_nodes_begin(nodes)
        while !lilv_nodes_is_end(nodes, iterator) {
            found.append(text(lilv_nodes_get(nodes, iterator)))
            iterator = lilv_nodes_next(nodes, iterator)
        }
        return found
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

/// The port values a restored state sets (lilv's callback), as floats by symbol.
private final class PortValues {
    var values: [String: Float] = [:]
    private let floatType = theremin_lv2_map("http://lv2plug.in/ns/ext/atom#Float")
    private let doubleType = theremin_lv2_map("http://lv2plug.in/ns/ext/atom#Double")
    private let intType = theremin_lv2_map("http://lv2plug.in/ns/ext/atom#Int")
    private let boolType = theremin_lv2_map("http://lv2plug.in/ns/ext/atom#Bool")

    func take(_ symbol: String, value: UnsafeRawPointer, size: UInt32, type: UInt32) {
        if type == floatType, size == 4 { values[symbol] = value.loadUnaligned(as: Float.self) }
        if type == doubleType, size == 8 { values[symbol] = Float(value.loadUnaligned(as: Double.self)) }
        if type == intType || type == boolType, size == 4 { values[symbol] = Float(value.loadUnaligned(as: Int32.self)) }
    }
}
