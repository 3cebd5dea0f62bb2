import Storyboard

/// An app's upload bundle made up for tests that need a large one: `storyboards` Interface Builder
/// documents, each a navigation controller whose root leads through `scenes` screens by show segues
/// (`next`), every screen's view holding labels as Xcode writes them, so that the documents are
/// mostly view XML, as real ones are.
///
/// The entry storyboard is `Main`, whose screens are in a navigation controller; the others
/// (`Flow1`, `Flow2`, …) start at a screen code instantiates by its storyboard identifier `start`.
public struct GeneratedApp: Sendable {
    public var name: String
    public var storyboards: Int
    public var scenes: Int
    public var labelsPerScene: Int

    public init(name: String = "Generated", storyboards: Int = 3, scenes: Int = 10, labelsPerScene: Int = 10) {
        self.name = name
        self.storyboards = storyboards
        self.scenes = scenes
        self.labelsPerScene = labelsPerScene
    }

    /// The smallest app of this shape whose bundle JSON has at least `bytes` bytes.
    public static func atLeast(_ bytes: Int, name: String = "Generated", storyboards: Int = 3, scenes: Int = 10) -> GeneratedApp {
        var app = GeneratedApp(name: name, storyboards: storyboards, scenes: scenes, labelsPerScene: 1)
        let perLabel = GeneratedApp(name: name, storyboards: storyboards, scenes: scenes, labelsPerScene: 2).bundleJSON.utf8.count
            - app.bundleJSON.utf8.count
        app.labelsPerScene = max(1, (bytes - app.bundleJSON.utf8.count) / perLabel + 2)
        return app
    }

    /// The names of its storyboards, the entry first.
    public var storyboardNames: [String] { ["Main"] + (1..<max(1, storyboards)).map { "Flow\($0)" } }

    /// `{"name", "entry": "Main", "storyboards": {Name: xml}}`, as `segued import` writes it.
    public var bundleJSON: String {
        let members = storyboardNames.map { "\(Self.quoted($0)): \(Self.quoted(document($0)))" }
        return #"{"name": \#(Self.quoted(name)), "entry": "Main", "storyboards": {\#(members.joined(separator: ", "))}}"#
    }

    /// One Interface Builder document.
    public func document(_ storyboard: String) -> String {
        let isEntry = storyboard == "Main"
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="\(isEntry ? "nav" : "screen0")">
                <scenes>

            """
        if isEntry {
            xml += """
                        <scene sceneID="nav-scene">
                            <objects>
                                <navigationController id="nav" sceneMemberID="viewController">
                                    <connections><segue destination="screen0" kind="relationship" relationship="rootViewController" id="root"/></connections>
                                </navigationController>
                            </objects>
                        </scene>

                """
        }
        for index in 0..<scenes {
            let next = index + 1 < scenes ? #"<segue destination="screen\#(index + 1)" kind="show" identifier="next" id="next\#(index)"/>"# : ""
            // Code instantiates a flow's first screen by its storyboard identifier.
            let identifier = !isEntry && index == 0 ? #" storyboardIdentifier="start""# : ""
            xml += """
                        <scene sceneID="scene\(index)">
                            <objects>
                                <viewController id="screen\(index)"\(identifier) customClass="\(storyboard)Screen\(index)ViewController" sceneMemberID="viewController">
                                    <view key="view" contentMode="scaleToFill" id="view\(index)">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                        <subviews>

                """
            for line in 0..<labelsPerScene {
                xml += """
                                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="\(storyboard) screen \(index), line \(line)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="label\(index)-\(line)">
                                                    <rect key="frame" x="16" y="\(100 + 29 * line)" width="361" height="21"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>

                    """
            }
            xml += """
                                        </subviews>
                                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    </view>
                                    <navigationItem key="navigationItem" title="\(storyboard) \(index)" id="item\(index)"/>
                                    <connections>\(next)</connections>
                                </viewController>
                            </objects>
                        </scene>

                """
        }
        xml += "        </scenes>\n</document>\n"
        return xml
    }

    /// `text` as a JSON string (the storyboard JSON writer's quoting).
    static func quoted(_ text: String) -> String { JSONValue.string(text).compactDescription }
}
