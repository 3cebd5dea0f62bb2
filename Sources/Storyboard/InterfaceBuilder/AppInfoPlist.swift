public import Foundation

/// What an app's `Info.plist` says of where it starts: the storyboard UIKit loads for the app's
/// window, on any device and per device family (`KEY~iphone`, `KEY~ipad`, which UIKit reads before
/// `KEY` on that family: Apple's "Information Property List", device-specific keys).
///
/// The storyboard is the scene manifest's (`UIApplicationSceneManifest` → `UISceneConfigurations` →
/// `UIWindowSceneSessionRoleApplication`, the first configuration's `UISceneStoryboardFile`: the one
/// UIKit uses when the app delegate does not choose another) when the manifest names one, else
/// `UIMainStoryboardFile`. An app extension's (`NSExtension`, whose `NSExtensionMainStoryboard` is
/// the extension's, not the app's) and a test bundle's (no such key) name none. XML and binary
/// property lists (Foundation's `PropertyListSerialization`).
public struct AppInfoPlist: Sendable, Equatable {
    /// The storyboard the app starts in on a device without a key of its own, `nil` when none is named.
    public var entry: String?
    /// The storyboard per device family where it differs from ``entry``: `phone` for `~iphone`, `pad` for `~ipad`.
    public var idiomEntries: [String: String]
    /// The property list is an app extension's.
    public var isExtension: Bool

    public init(entry: String?, idiomEntries: [String: String] = [:], isExtension: Bool = false) {
        self.entry = entry
        self.idiomEntries = idiomEntries
        self.isExtension = isExtension
    }

    /// The device-family suffixes of Info.plist keys, by the idiom segued models (`Traits.Idiom`).
    public static let idiomSuffixes: [(idiom: String, suffix: String)] = [("phone", "~iphone"), ("pad", "~ipad")]

    /// Reads an `Info.plist` (XML or binary).
    /// - Throws: ``Failure`` when the data is not a property list whose top is a dictionary.
    public static func read(_ data: Data) throws(Failure) -> AppInfoPlist {
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Failure(message: "not a property list (\((error as NSError).localizedDescription))")
        }
        guard let top = value as? [String: Any] else { throw Failure(message: "not a dictionary at the top") }
        if top["NSExtension"] != nil { return AppInfoPlist(entry: nil, isExtension: true) }
        let entry = storyboard(top, suffix: "")
        var idiomEntries: [String: String] = [:]
        for (idiom, suffix) in idiomSuffixes {
            if let name = storyboard(top, suffix: suffix), name != entry { idiomEntries[idiom] = name }
        }
        return AppInfoPlist(entry: entry, idiomEntries: idiomEntries)
    }

    /// The storyboard for devices of `suffix` ("" for any).
    private static func storyboard(_ top: [String: Any], suffix: String) -> String? {
        func value(_ key: String) -> Any? { (suffix.isEmpty ? nil : top[key + suffix]) ?? top[key] }
        if let manifest = value("UIApplicationSceneManifest") as? [String: Any],
            let configurations = manifest["UISceneConfigurations"] as? [String: Any],
            let roles = configurations["UIWindowSceneSessionRoleApplication"] as? [Any],
            let first = roles.first as? [String: Any], let name = storyboardName(first["UISceneStoryboardFile"])
        {
            return name
        }
        return storyboardName(value("UIMainStoryboardFile"))
    }

    /// A storyboard's name as a key gives it: without `.storyboard`/`.storyboardc`; `nil` for an
    /// empty one (Xcode writes `UIMainStoryboardFile` empty when the Main Interface is cleared).
    private static func storyboardName(_ value: Any?) -> String? {
        guard var name = (value as? String)?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        for suffix in [".storyboardc", ".storyboard"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.isEmpty ? nil : name
    }

    /// Why a file is not an `Info.plist` segued can read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }

    /// Whether a file of this name is an `Info.plist` (`Info.plist`, `App-Info.plist`).
    public static func isInfoPlist(fileName: String) -> Bool {
        fileName == "Info.plist" || fileName.hasSuffix("-Info.plist")
    }
}
