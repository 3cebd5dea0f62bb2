import Foundation
// `@testable` for one check: that an operation not performed changed nothing but the event counter.
@testable import Navigation
import PropertyBased
import Storyboard
import Testing

/// Random storyboards and random operation sequences (PropertyBased prints a `.fixedSeed` to paste
/// into the test on failure, which replays the same case).
struct NavigatorPropertyTests {
    /// One random walk: the commands and the transcripts they produced (or the error).
    struct Walk {
        var commands: [Command] = []
        var outcomes: [String] = []
        var problems: [String] = []
    }

    /// `SEGUED_DEBUG_WALKS=1` prints each command before it runs, to find the one that crashes.
    static let debugWalks = ProcessInfo.processInfo.environment["SEGUED_DEBUG_WALKS"] == "1"
    static let choices = Gen.int(in: 0...1_000_000).array(of: 40...160)

    static func walk(storyboardChoices: [Int], commandChoices: [Int], profile: Profile, steps: Int) -> Walk {
        var storyboardStream = ChoiceStream(storyboardChoices)
        let storyboard = RandomStoryboard.make(&storyboardStream)
        var walk = Walk()
        if case let issues = StoryboardValidator.validate(storyboard), !issues.isEmpty {
            walk.problems.append("generator made an invalid storyboard: \(issues)")
            return walk
        }
        var commandStream = ChoiceStream(commandChoices)
        let traits = Traits(idiom: commandStream.pick(Traits.Idiom.allCases))
        guard let launched = try? Navigator.launch(storyboard, profile: profile, traits: traits) else {
            walk.problems.append("launch failed")
            return walk
        }
        var state = launched.0
        let launch = launched.1
        var invariants = Invariants()
        walk.problems += invariants.check(launch) + Invariants.check(state)
        for _ in 0..<steps where !state.isEnded {
            let command = RandomCommand.make(state, &commandStream)
            walk.commands.append(command)
            let before = state
            if debugWalks { print("DEBUG \(command)") }
            do {
                let transcript = try Navigator.apply(command, to: &state)
                walk.outcomes.append(transcript.events.map { $0.line(in: state.storyboard) }.joined(separator: "\n"))
                let revisionStep = transcript.performed ? 1 : 0
                if state.revision != before.revision + revisionStep {
                    walk.problems.append("revision \(before.revision) -> \(state.revision) for performed=\(transcript.performed)")
                }
                // The revision is the stack's ETag (If-None-Match answers 304 by it): an operation
                // that is not performed may emit events but must leave everything else as it was.
                var unchanged = before
                unchanged.nextEventSequence = state.nextEventSequence
                if !transcript.performed, state != unchanged {
                    walk.problems.append("\(command) was not performed but changed the state")
                }
                // What UIKit silently does nothing for (spec §6) makes no call at all: were one
                // reported, the request acted and should have been performed (or refused).
                if let reason = transcript.reason, [.nothingToPop, .nothingToDismiss, .nothingToChange].contains(reason),
                    !transcript.events.isEmpty
                {
                    walk.problems.append("\(command) did nothing (\(reason)) but reported \(transcript.events.count) events")
                }
                // A pop is only a no-op on a stack of one or none (`popViewController` returns nil
                // with nothing under the top; a stack is empty when an expanding split took back a
                // secondary that had become the navigation controller's root); a dismiss only where
                // nothing is presented at all from the layer the instance is in, and that layer is
                // the window's.
                if transcript.reason == .nothingToPop, case .pop(let named, _) = command {
                    let navigation = named ?? before.visiblePath.last { before[$0]?.isNavigationController == true }
                    if let navigation, (before[navigation]?.children.count ?? 0) > 1 {
                        walk.problems.append("\(command) answered nothingToPop on a stack of \(before[navigation]?.children.count ?? 0)")
                    }
                }
                if transcript.reason == .nothingToDismiss, case .dismiss(let named, _) = command,
                    let target = named ?? before.visible, let controller = before[target]
                {
                    var current: ControllerID? = target
                    var layerRoot = target
                    while let id = current {
                        if before[id]?.presented != nil { walk.problems.append("\(command): \(id) presents, yet nothingToDismiss") }
                        layerRoot = id
                        current = before[id]?.parent
                    }
                    if before[layerRoot]?.isPresentedRoot == true || controller.isPresentedRoot {
                        walk.problems.append("\(command): \(target) is in a presentation, yet nothingToDismiss")
                    }
                }
                // The daemon's instance limit lets the other commands through at the limit: they may
                // only create the children a view embeds, while it loads (a view loads once).
                if state.createdCount > before.createdCount, !command.mayCreateInstances {
                    let firstInit = transcript.events.firstIndex { $0.method == .`init` }
                    let firstLoad = transcript.events.firstIndex { $0.method == .loadView }
                    if let firstInit, firstLoad.map({ $0 > firstInit }) ?? true {
                        walk.problems.append("\(command) created an instance outside a view's loading")
                    }
                }
                walk.problems += invariants.check(transcript).map { "after \(command): \($0)" }
                walk.problems += Invariants.check(state).map { "after \(command): \($0)" }
            } catch {
                walk.outcomes.append("error \(error.code)")
                if state != before { walk.problems.append("failed \(command) changed the state") }
            }
            if !walk.problems.isEmpty { break }
        }
        return walk
    }

    @Test(arguments: Profile.allCases)
    func randomWalks_keepTheInvariants(profile: Profile) async {
        await propertyCheck(count: 600, input: Self.choices, Self.choices) { storyboardChoices, commandChoices in
            let walk = Self.walk(storyboardChoices: storyboardChoices, commandChoices: commandChoices, profile: profile, steps: 40)
            #expect(walk.problems.isEmpty, "\(walk.problems.first ?? "")")
        }
    }

    /// The case a random walk found (CI, 2026-11-26; shrunk by PropertyBased): on iOS 12, a split
    /// whose secondary became its primary navigation controller's root (`setViewControllers`, then
    /// `popToRoot`) expands on a trait change and takes the secondary back, leaving that stack
    /// empty; a pop of it then does nothing, as `popViewController` does, and changes nothing.
    @Test func aPopOfTheStackAnExpandEmptied_doesNothing() {
        let storyboardChoices = [0, 277_703, 30, 0, 0, 0, 1, 25, 0, 0, 0, 15] + Array(repeating: 0, count: 28)
        let commandChoices = [
            0, 6042, 0, 0, 0, 16182, 4480, 0, 0, 0, 0, 0, 439_262, 1974, 0, 243_675, 50, 12284, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 30, 0, 27470, 3680, 0, 0, 6359, 0, 0, 0, 0, 0, 90, 237, 0, 0, 0, 0, 345_705, 0, 0, 0,
        ]
        let walk = Self.walk(storyboardChoices: storyboardChoices, commandChoices: commandChoices, profile: .ios12, steps: 40)
        #expect(walk.problems.isEmpty, "\(walk.problems)")
        #expect(walk.commands.last == .pop(navigation: ControllerID(rawValue: 2), animated: true))
        #expect(walk.outcomes.last == "")
        #expect(walk.outcomes.contains { $0.contains("vc1 s0 separateSecondary primary=vc2 secondary=vc4") })
    }

    @Test func replayingTheSameCommands_givesTheSameTranscripts() async {
        await propertyCheck(count: 300, input: Self.choices, Self.choices) { storyboardChoices, commandChoices in
            let first = Self.walk(storyboardChoices: storyboardChoices, commandChoices: commandChoices, profile: .ios17, steps: 30)
            let second = Self.walk(storyboardChoices: storyboardChoices, commandChoices: commandChoices, profile: .ios17, steps: 30)
            #expect(first.commands == second.commands)
            #expect(first.outcomes == second.outcomes)
        }
    }
}
