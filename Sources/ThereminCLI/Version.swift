/// The release version, printed by `--version` and written into trace metadata.
public enum Version {
    public static let current = "0.1.0"
}
