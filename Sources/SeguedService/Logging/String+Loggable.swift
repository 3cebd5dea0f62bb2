import HTTPServer

extension String {
    /// The string as a log line may hold it. Storyboard names and request paths come from clients,
    /// and a newline in one would start a line of the client's making in the daemon's log (CWE-117):
    /// with a control character the string is written quoted, with Swift's escapes (`"a\nb"`);
    /// otherwise as it is.
    var loggable: String {
        // Printable ASCII, what nearly every method, id and name is, has no control character: that
        // byte scan spares a request line the Unicode property look-ups (2,300 instructions).
        if everyUTF8Byte({ $0 >= 0x20 && $0 <= 0x7E }) { return self }
        return unicodeScalars.contains { $0.properties.generalCategory == .control } ? debugDescription : self
    }
}
