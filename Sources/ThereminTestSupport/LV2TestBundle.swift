import Foundation

/// The test-only LV2 plugin `urn:theremin:test:worker` (Sources/LV2TestPlugin) as an LV2 bundle: its description
/// written into a folder beside a link to the built library, for lilv to find through `LV2_PATH` or by loading the
/// bundle. Its worker answers every request, and the answer toggles its gain at the start of a later `run`.
public enum LV2TestBundle {
    public static let uri = "urn:theremin:test:worker"

    /// Writes the bundle `theremin-test-worker.lv2` into `directory`; returns its path, or nil when the plugin's
    /// library was not built (`swift build --build-tests` builds it).
    public static func install(in directory: URL) throws -> String? {
        let library = ProcessRunner.productsDirectory.appendingPathComponent("libtheremin_lv2_test_worker.so")
        guard FileManager.default.fileExists(atPath: library.path) else { return nil }
        let bundle = directory.appendingPathComponent("theremin-test-worker.lv2")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let linked = bundle.appendingPathComponent("worker.so")
        try? FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: library)
        let manifest = """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            <\(uri)> a lv2:Plugin ; lv2:binary <worker.so> ; rdfs:seeAlso <worker.ttl> .

            """
        let description = """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix doap: <http://usefulinc.com/ns/doap#> .
            @prefix urid: <http://lv2plug.in/ns/ext/urid#> .
            @prefix work: <http://lv2plug.in/ns/ext/worker#> .
            @prefix log: <http://lv2plug.in/ns/ext/log#> .
            <\(uri)> a lv2:Plugin , lv2:UtilityPlugin ;
                doap:name "theremin test worker" ;
                lv2:requiredFeature urid:map , work:schedule , log:log ;
                lv2:extensionData work:interface ;
                lv2:port [ a lv2:AudioPort , lv2:InputPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                    [ a lv2:AudioPort , lv2:OutputPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] ,
                    [ a lv2:ControlPort , lv2:InputPort ; lv2:index 2 ; lv2:symbol "every" ; lv2:name "Every" ;
                      lv2:default 4 ; lv2:minimum 1 ; lv2:maximum 1000 ] ,
                    [ a lv2:ControlPort , lv2:OutputPort ; lv2:index 3 ; lv2:symbol "latency" ; lv2:name "Latency" ;
                      lv2:portProperty lv2:reportsLatency ] .

            """
        try Data(manifest.utf8).write(to: bundle.appendingPathComponent("manifest.ttl"))
        try Data(description.utf8).write(to: bundle.appendingPathComponent("worker.ttl"))
        return bundle.path
    }
}
