import CVisionLoader

/// The status a vision shim's call returns (`th_status`, `tv_status`, `pv_status`): which value is success, and
/// the shim's short name for each, for messages when the shim wrote none.
public protocol ShimStatus: Equatable {
    /// `TH_OK`, `TV_OK`, `PV_OK`.
    static var ok: Self { get }
    /// The shim's name for the status ("model invalid"); nil when the shim has none or its library is not loaded.
    var name: String? { get }
    var rawValue: UInt32 { get }
}

extension th_status: ShimStatus {
    public static var ok: th_status { TH_OK }
    public var name: String? { theremin_vision_tracker()?.pointee.th_status_name(self).map { String(cString: $0) } }
}

extension tv_status: ShimStatus {
    public static var ok: tv_status { TV_OK }
    public var name: String? { nil }
}

extension pv_status: ShimStatus {
    public static var ok: pv_status { PV_OK }
    public var name: String? { theremin_vision_preview()?.pointee.pv_status_name(self).map { String(cString: $0) } }
}
