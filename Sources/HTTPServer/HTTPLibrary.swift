/// The HTTP library under the server, as the rest of segued may know it (its start-up line,
/// `segued_build_info`): the version of the libmicrohttpd this process runs on, found once at
/// start-up (MHD/MHDLibrary.swift says what depends on it).
public enum HTTPLibrary {
    /// "libmicrohttpd".
    public static let name = "libmicrohttpd"
    /// As the running library reports it: "0.9.75", "1.0.1".
    public static var version: String { MHDLibrary.running.version }
}
