extension String {
    /// The string as a log line may hold it. Storyboard names and request paths come from clients,
    /// and a newline in one would start a line of the client's making in the daemon's log (CWE-117):
    /// with a control character the string is written quoted, with Swift's escapes (`"a\nb"`);
    /// otherwise as it is.
    var loggable: String {
        // Printable ASCII, what nearly every method, id and name is, has no control character: that
        // byte scan spares a request line the Unicode property look-ups (2,300 instructions).
        // Over the bytes' span: through the UTF-8 view's iterator the scan of a method and a
        // session id was 600 instructions of every request line (callgrind).
        let bytes = utf8.span
        var index = 0
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] <= 0x7E { index &+= 1 }
        if index == bytes.count { return self }
        return unicodeScalars.contains { $0.properties.generalCategory == .control } ? debugDescription : self
    }
}
