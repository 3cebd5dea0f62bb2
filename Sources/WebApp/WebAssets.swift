/// The web app's files (`Assets/`), compiled into the binary so that `/ui/` works offline and serves
/// exactly the files of the source tree.
///
/// SwiftPM's `.embedInCode("Assets")` takes the folder but names each file's bytes by its base name
/// alone (`render/navbar.js` becomes `PackageResources.navbar_js`), so the paths are listed here:
/// adding a file is dropping it in `Assets/` and adding its line below (a test checks that the two
/// agree, and base names must stay unique across folders).
public enum WebAssets {
    /// One asset: its bytes, content type and entity tag (a hash of the bytes, so a new binary with
    /// the same file keeps the browser's copy valid).
    public struct Asset: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
        public let etag: String
    }

    /// Paths relative to `Assets/`, as the page requests them under `/ui/`.
    static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "app.css": PackageResources.app_css,
        "device.css": PackageResources.device_css,
        "gestures.css": PackageResources.gestures_css,
        "panel.css": PackageResources.panel_css,
        "map.css": PackageResources.map_css,
        "code-actions.css": PackageResources.code_actions_css,
        "app.js": PackageResources.app_js,
        "api.js": PackageResources.api_js,
        "auth.js": PackageResources.auth_js,
        "stream.js": PackageResources.stream_js,
        "session-view.js": PackageResources.session_view_js,
        "gestures.js": PackageResources.gestures_js,
        "transcript.js": PackageResources.transcript_js,
        "gesture-groups.js": PackageResources.gesture_groups_js,
        "callback-kinds.js": PackageResources.callback_kinds_js,
        "unwind-tree.js": PackageResources.unwind_tree_js,
        "upload.js": PackageResources.upload_js,
        "plist.js": PackageResources.plist_js,
        "choose-start.js": PackageResources.choose_start_js,
        "menu.js": PackageResources.menu_js,
        "code-actions.js": PackageResources.code_actions_js,
        "problem.js": PackageResources.problem_js,
        "share.js": PackageResources.share_js,
        "map.js": PackageResources.map_js,
        "render/dom.js": PackageResources.dom_js,
        "render/system-items.js": PackageResources.system_items_js,
        "render/scenes.js": PackageResources.scenes_js,
        "render/baritems.js": PackageResources.baritems_js,
        "render/navbar.js": PackageResources.navbar_js,
        "render/tabbar.js": PackageResources.tabbar_js,
        "render/controls.js": PackageResources.controls_js,
        "render/gesture-chip.js": PackageResources.gesture_chip_js,
        "render/controller.js": PackageResources.controller_js,
        "render/layers.js": PackageResources.layers_js,
        "render/missing.js": PackageResources.missing_js,
        "add-storyboard.js": PackageResources.add_storyboard_js,
        "render/images.js": PackageResources.images_js,
        "render/symbols.js": PackageResources.symbols_js,
        "render/icon-codepoints.js": PackageResources.icon_codepoints_js,
        "material-icons.woff2": PackageResources.material_icons_woff2,
        "material-icons-LICENSE.txt": PackageResources.material_icons_LICENSE_txt,
    ]

    static let assets: [String: Asset] = files.reduce(into: [:]) { table, file in
        table[file.key] = Asset(bytes: file.value, contentType: contentType(of: file.key), etag: etag(of: file.value))
    }

    /// The page every app route answers with (`/ui/`, `/ui/sessions/{id}`).
    public static var indexPage: Asset { assets["index.html"]! }

    /// The asset at `path` (relative to `/ui/`, no leading slash), or nil.
    public static func asset(_ path: String) -> Asset? { assets[path] }

    /// Every asset path, for listings and tests.
    public static var paths: [String] { files.keys.sorted() }

    static func contentType(of path: String) -> String {
        let suffix = path.split(separator: ".").last.map(String.init) ?? ""
        switch suffix {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json": return "application/json"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    /// A strong entity tag: FNV-1a over the bytes, 64 bits in hex (a change detector, not a
    /// security measure).
    static func etag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
