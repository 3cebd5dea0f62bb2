import Foundation
import Navigation
import SeguedTestSupport
import Storyboard
import Testing

/// For each UNWIND_IMPLEMENTERS.tsv row: import the storyboard with the row's class facts, walk a
/// session from the initial scene through an implementing scene to a scene that uses the unwind,
/// perform it, and check that it lands on an implementing instance.
struct CorpusUnwindTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var file: String
        var action: String
        var classes: [String]
        var implementingScenes: Set<SceneID>
        var testDescription: String { "\(file) \(action)" }
    }

    /// file, unwindAction, implementing_classes ("Name [path]; …"), scenes_that_implement ("id(Class), …").
    static let rows: [Row] = {
        let url = SharedCorpus.folder.appendingPathComponent("UNWIND_IMPLEMENTERS.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 4, fields[3] != "-" else { return nil }
            let classes = fields[2].split(separator: ";").compactMap { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) }
            var scenes: Set<SceneID> = []
            var sceneClasses: [String] = []
            for entry in fields[3].split(separator: ",") {
                let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "(")
                scenes.insert(SceneID(String(parts[0])))
                if parts.count > 1 { sceneClasses.append(String(parts[1].dropLast())) }
            }
            return Row(file: fields[0], action: fields[1], classes: classes + sceneClasses, implementingScenes: scenes)
        }
    }()

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func implementersFile_hasRowsWithImplementers() {
        #expect(Self.rows.count == 10)
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"), arguments: rows)
    func unwind_landsOnAnImplementingInstance(_ row: Row) throws {
        let data = try Data(contentsOf: SharedCorpus.folder.appendingPathComponent(row.file))
        let facts = Dictionary(row.classes.map { ($0, ClassInfo(unwindActions: [row.action])) }) { first, _ in first }
        let storyboard = try InterfaceBuilderImporter.load(data, name: "Main", classes: facts).storyboard
        let sources = storyboard.sortedSceneIDs.filter { id in
            storyboard.scenes[id]!.segues.contains { $0.kind == .unwind && $0.action == row.action }
        }
        // Initial scene → an implementing scene → a scene that uses the unwind.
        var walk: [Step]?
        for implementer in row.implementingScenes.sorted() {
            guard let first = CorpusWalk.path(in: storyboard, from: storyboard.initialScene, to: implementer) else { continue }
            for source in sources where source != implementer {
                if let second = CorpusWalk.path(in: storyboard, from: implementer, to: source) {
                    walk = first + second
                    break
                }
            }
            if walk != nil { break }
        }
        let steps = try #require(walk, "no implementing scene of \(row.action) is reachable on a path to a scene that uses it")
        #expect(!steps.isEmpty)
        var (state, _) = try Navigator.launch(storyboard, profile: .ios17, traits: .pad)
        for step in steps { try CorpusWalk.take(step, in: &state) }
        let source = try #require(CorpusWalk.newest(steps.last!.to, in: state))
        let transcript = try Navigator.apply(.unwind(.init(target: .action(row.action), source: source, trigger: .programmatic)), to: &state)
        #expect(transcript.performed, "\(transcript.reasonDetail ?? "")")
        let destination = try #require(transcript.destination)
        let landed = try #require(state[destination])
        #expect(row.implementingScenes.contains(landed.scene), "landed on \(landed.scene) (\(landed.className))")
        #expect(destination != source)
    }
}

/// One move of a walk through a storyboard graph.
struct Step: Sendable {
    enum Kind: Sendable {
        /// The child is contained by the parent (navigation root, tab, split column, embed).
        case containment
        case segue(Segue)
    }
    var from: SceneID
    var to: SceneID
    var kind: Kind
}

enum CorpusWalk {
    /// The shortest path of containment and forward segues from one scene to another.
    static func path(in storyboard: Storyboard, from start: SceneID, to goal: SceneID) -> [Step]? {
        var previous: [SceneID: Step] = [:]
        var queue = [start]
        var seen: Set<SceneID> = [start]
        while !queue.isEmpty {
            let id = queue.removeFirst()
            if id == goal {
                var steps: [Step] = []
                var current = goal
                while let step = previous[current] {
                    steps.insert(step, at: 0)
                    current = step.from
                }
                return steps
            }
            let scene = storyboard.scenes[id]!
            var moves = scene.relationshipChildren.map { Step(from: id, to: $0, kind: .containment) }
            for segue in scene.segues {
                guard let destination = segue.destination else { continue }
                moves.append(Step(from: id, to: destination, kind: segue.kind == .embed ? .containment : .segue(segue)))
            }
            for move in moves where seen.insert(move.to).inserted {
                previous[move.to] = move
                queue.append(move.to)
            }
        }
        return nil
    }

    /// The most recently created live instance of `scene`.
    static func newest(_ scene: SceneID, in state: NavigationState) -> ControllerID? {
        state.controllers.last { $0.scene == scene }?.id
    }

    /// Takes one step: selects the tab of a contained child, or performs the segue from the newest
    /// instance of its source (by identifier when it has one, else as a segue made in code).
    static func take(_ step: Step, in state: inout NavigationState) throws {
        guard let source = newest(step.from, in: state) else { throw WalkError(message: "no instance of \(step.from)") }
        switch step.kind {
        case .containment:
            let parent = state[source]!
            if parent.kind == .tabBarController, let index = state.storyboard.scenes[step.from]!.tabs.firstIndex(of: step.to) {
                _ = try Navigator.apply(.selectTab(index: index, tabBar: source, byUser: false, shouldSelect: nil), to: &state)
            }
        case .segue(let segue):
            let scene = state.storyboard.scenes[step.from]!
            if let identifier = segue.identifier, scene.segues.first(where: { $0.identifier == identifier }) == segue {
                _ = try Navigator.apply(.performSegue(.init(segue: .identifier(identifier), source: source, trigger: .programmatic)), to: &state)
            } else {
                let kind: SegueKind = segue.kind == .custom ? .presentation : segue.kind
                _ = try Navigator.apply(.performCodeSegue(.init(kind: kind, destination: .scene(step.to), source: source)), to: &state)
            }
        }
    }

    struct WalkError: Error { var message: String }
}
