public import Logging

/// What segued's two line handlers (``TextLineLogHandler``, ``JSONLineLogHandler``) share: metadata
/// kept on the handler, read and written by key, and merged for a line in swift-log's order — the
/// handler's, then its provider's, then the call's, each later one winning.
public protocol LineLogHandler: LogHandler {}

extension LineLogHandler {
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The metadata of `event`'s line.
    func mergedMetadata(of event: LogEvent) -> Logger.Metadata {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        return merged
    }
}
