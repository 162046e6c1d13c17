import CDBus

/// A connection of its own to the D-Bus system bus (libdbus), for a few blocking method calls; closed on deinit.
///
/// Private rather than libdbus's shared connection, so nothing else in the process can find it open or half used,
/// and with exit-on-disconnect off: libdbus would otherwise end the whole program if the bus went away.
final class SystemBus {
    /// A D-Bus error: its name (e.g. `org.freedesktop.DBus.Error.ServiceUnknown`) and message.
    struct Failure: Error, Equatable {
        let name: String
        let message: String

        fileprivate init(_ error: DBusError) {
            name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
            message = error.message.map { String(cString: $0) } ?? "no message"
        }

        init(name: String, message: String) {
            self.name = name
            self.message = message
        }

        /// Nobody owns the name called (`ServiceUnknown`, `NameHasNoOwner`), or it cannot be started.
        var isMissingService: Bool {
            ["ServiceUnknown", "NameHasNoOwner", "Spawn.ServiceNotFound"].contains { name.hasSuffix(".Error." + $0) }
        }
    }

    /// A method argument of the types RealtimeKit's calls take.
    enum Argument {
        case string(String)
        case uint32(UInt32)
        case uint64(UInt64)
    }

    private let connection: OpaquePointer

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket).
    /// - Throws: `Failure` when there is no bus to connect to.
    init() throws(Failure) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) else { throw Failure(error) }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        self.connection = connection
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Calls `method` and waits at most `timeoutMilliseconds` for the reply; returns its first argument when it is an
    /// integer (inside a variant too, as `Properties.Get` returns it), else nil.
    /// - Throws: `Failure` with the error the service (or the bus) answered.
    func call(_ destination: String, _ path: String, _ interface: String, _ method: String, _ arguments: [Argument],
              timeoutMilliseconds: Int32) throws(Failure) -> Int64? {
        guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
            throw Failure(name: "org.freedesktop.DBus.Error.NoMemory", message: "no memory for a D-Bus message")
        }
        defer { dbus_message_unref(message) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for argument in arguments where !append(argument, to: &iterator) {
            throw Failure(name: "org.freedesktop.DBus.Error.NoMemory", message: "no memory for a D-Bus argument")
        }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, timeoutMilliseconds, &error) else {
            throw Failure(error)
        }
        defer { dbus_message_unref(reply) }
        var replyIterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &replyIterator) != 0 else { return nil }
        return Self.integer(&replyIterator)
    }

    private func append(_ argument: Argument, to iterator: inout DBusMessageIter) -> Bool {
        switch argument {
        case .string(let text):
            return text.withCString { characters in
                var pointer: UnsafePointer<CChar>? = characters
                return dbus_message_iter_append_basic(&iterator, theremin_dbus_type_string, &pointer) != 0
            }
        case .uint32(var value):
            return dbus_message_iter_append_basic(&iterator, theremin_dbus_type_uint32, &value) != 0
        case .uint64(var value):
            return dbus_message_iter_append_basic(&iterator, theremin_dbus_type_uint64, &value) != 0
        }
    }

    private static func integer(_ iterator: inout DBusMessageIter) -> Int64? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case theremin_dbus_type_variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return integer(&inner)
        case theremin_dbus_type_int32:
            var value: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return Int64(value)
        case theremin_dbus_type_uint32:
            var value: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return Int64(value)
        case theremin_dbus_type_int64:
            var value: Int64 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return value
        default:
            return nil
        }
    }
}
