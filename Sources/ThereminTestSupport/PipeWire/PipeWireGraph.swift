import Foundation

/// What a PipeWire server says about its objects (`pw-dump`'s JSON), reduced to what the tests ask: the nodes with
/// their properties and reported latencies, which client (process) made each, and the default sink.
public struct PipeWireGraph: Sendable {
    /// A node's `Latency` parameter: the latency downstream (`Input`) or upstream (`Output`) of it, as PipeWire
    /// reports it: a multiple of the quantum, plus frames, plus nanoseconds (each a min…max range).
    public struct Latency: Sendable, Equatable {
        public var direction: String
        public var minQuantum: Double, maxQuantum: Double
        public var minRate: Int, maxRate: Int
        public var minNanoseconds: Int, maxNanoseconds: Int

        /// The latency in seconds for a graph running `quantum` frames a cycle at `rate`, taking the middle of each
        /// range, as `pw_stream_get_time` adds it to a stream's delay.
        public func seconds(quantum: Int, rate: Int) -> Double {
            let frames = (minQuantum + maxQuantum) / 2 * Double(quantum) + Double(minRate + maxRate) / 2
            return frames / Double(rate) + Double(minNanoseconds + maxNanoseconds) / 2 / 1e9
        }
    }

    public struct Node: Sendable {
        public let id: Int
        /// Properties as text (numbers and booleans printed).
        public let properties: [String: String]
        public let state: String?
        public let latencies: [Latency]

        public var name: String? { properties["node.name"] }
        public var mediaClass: String? { properties["media.class"] }
        /// The latency downstream of the node (towards the speaker), if it reports one.
        public var downstreamLatency: Latency? { latencies.first { $0.direction == "Input" } }
        /// The node's `node.latency` as frames and rate (e.g. `240/48000`), if set.
        public var requestedLatency: (frames: Int, rate: Int)? {
            guard let text = properties["node.latency"] else { return nil }
            let parts = text.split(separator: "/")
            guard parts.count == 2, let frames = Int(parts[0]), let rate = Int(parts[1]), rate > 0 else { return nil }
            return (frames, rate)
        }
    }

    public let nodes: [Node]
    /// Client id → the process id it belongs to (`application.process.id`).
    public let clientProcesses: [Int: Int]
    /// The sink the session manager sends new streams to (`default.audio.sink` in the `default` metadata).
    public let defaultSinkName: String?

    /// Parses `pw-dump`'s output: one JSON array of objects, followed by more arrays when objects changed while it
    /// was dumping (an object whose `info` is null there was removed).
    /// - Throws: `PipeWireError` when it is not such arrays.
    public init(json: Data) throws {
        var byID: [Int: [String: Any]] = [:]
        var order: [Int] = []
        let segments = PipeWireGraph.topLevelValues(json)
        guard !segments.isEmpty else { throw PipeWireError(description: "pw-dump printed no JSON") }
        for segment in segments {
            guard let array = (try? JSONSerialization.jsonObject(with: segment)) as? [[String: Any]] else {
                throw PipeWireError(description: "pw-dump printed something other than JSON arrays of objects")
            }
            for object in array {
                guard let id = object["id"] as? Int else { continue }
                if object["type"] == nil && object["info"] is NSNull {
                    byID[id] = nil
                } else {
                    if byID[id] == nil { order.append(id) }
                    byID[id] = object
                }
            }
        }
        let objects = order.compactMap { byID[$0] }
        var nodes: [Node] = []
        var clients: [Int: Int] = [:]
        var defaultSink: String?
        for object in objects {
            guard let id = object["id"] as? Int, let type = object["type"] as? String else { continue }
            let info = object["info"] as? [String: Any] ?? [:]
            let properties = PipeWireGraph.text(info["props"] as? [String: Any] ?? [:])
            switch type {
            case "PipeWire:Interface:Node":
                let params = info["params"] as? [String: Any] ?? [:]
                let latencies = (params["Latency"] as? [[String: Any]] ?? []).compactMap(PipeWireGraph.latency)
                nodes.append(Node(id: id, properties: properties, state: info["state"] as? String, latencies: latencies))
            case "PipeWire:Interface:Client":
                if let process = properties["application.process.id"].flatMap({ Int($0) }) { clients[id] = process }
            case "PipeWire:Interface:Metadata":
                let name = PipeWireGraph.text(object["props"] as? [String: Any] ?? [:])["metadata.name"]
                guard name == "default" else { continue }
                for entry in object["metadata"] as? [[String: Any]] ?? [] where entry["key"] as? String == "default.audio.sink" {
                    defaultSink = (entry["value"] as? [String: Any])?["name"] as? String
                }
            default:
                continue
            }
        }
        self.nodes = nodes
        clientProcesses = clients
        defaultSinkName = defaultSink
    }

    /// The node named `name`.
    public func node(named name: String) -> Node? { nodes.first { $0.name == name } }

    /// The stream process `pid` opened: by default a playback stream (`Stream/Output/Audio`), e.g. theremin's
    /// through pipewire-alsa; `Stream/Input/Audio` for a recording one.
    public func stream(ofProcess pid: Int32, mediaClass: String = "Stream/Output/Audio") -> Node? {
        nodes.first { node in
            guard node.mediaClass == mediaClass,
                  let client = node.properties["client.id"].flatMap({ Int($0) }) else { return false }
            return clientProcesses[client] == Int(pid)
        }
    }

    /// The top-level JSON values in `data`, one after another (brackets counted outside strings).
    static func topLevelValues(_ data: Data) -> [Data] {
        var values: [Data] = []
        var depth = 0, start = 0
        var inString = false, escaped = false
        for (index, byte) in data.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { values.append(data.subdata(in: start..<(index + 1))) }
                if depth < 0 { return values + [data.subdata(in: index..<data.count)] }  // unbalanced: let it fail
            default:
                continue
            }
        }
        if depth != 0 { values.append(data.subdata(in: start..<data.count)) }
        return values
    }

    private static func text(_ properties: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in properties {
            switch value {
            case let string as String: result[key] = string
            case let number as NSNumber: result[key] = number.stringValue
            default: continue
            }
        }
        return result
    }

    private static func latency(_ object: [String: Any]) -> Latency? {
        func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        guard let direction = object["direction"] as? String,
              let minQuantum = number("minQuantum"), let maxQuantum = number("maxQuantum"),
              let minRate = number("minRate"), let maxRate = number("maxRate"),
              let minNs = number("minNs"), let maxNs = number("maxNs") else { return nil }
        return Latency(direction: direction, minQuantum: minQuantum, maxQuantum: maxQuantum,
                       minRate: Int(minRate), maxRate: Int(maxRate), minNanoseconds: Int(minNs), maxNanoseconds: Int(maxNs))
    }
}
