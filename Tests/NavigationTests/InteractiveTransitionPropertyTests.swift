import Navigation
import PropertyBased
import Storyboard
import Testing

/// The gestures of spec §5.12 in every state a random walk reaches: a begin followed by a cancel
/// leaves the state as it was (apart from the event log, the revision and views loaded for the
/// gesture), a begin followed by a finish is the code's pop (or, for a pulled sheet, the code's
/// dismissal with the delegate's calls instead of the `dismiss` call), mid-gesture every other
/// change is refused with the state unchanged, and a snapshot taken mid-gesture restores into it.
struct InteractiveTransitionPropertyTests {
    static let choices = Gen.int(in: 0...1_000_000).array(of: 40...160)

    /// What must hold of the gestures in each state of one random walk; empty when all hold.
    static func problems(storyboardChoices: [Int], commandChoices: [Int], profile: Profile) -> [String] {
        var storyboardStream = ChoiceStream(storyboardChoices)
        let storyboard = RandomStoryboard.make(&storyboardStream)
        guard StoryboardValidator.validate(storyboard).isEmpty else { return [] }
        var stream = ChoiceStream(commandChoices)
        let traits = Traits(idiom: stream.pick(Traits.Idiom.allCases))
        guard var state = try? Navigator.launch(storyboard, profile: profile, traits: traits).0 else { return ["launch failed"] }
        var problems: [String] = []
        for _ in 0..<30 where !state.isEnded && problems.isEmpty {
            let other = RandomCommand.make(state, &stream)
            problems += check(.interactivePop(phase: .begin, navigation: nil), in: state, other: other)
            problems += check(.pullDown(phase: .begin, shouldDismiss: nil, modalInPresentation: nil), in: state, other: other)
            _ = try? Navigator.apply(other, to: &state)
        }
        return problems
    }

    /// Begin `gesture` in `state`; when it is performed, check the transition, a refused `other`,
    /// the snapshot, then cancel and finish (each from the same mid-gesture state).
    static func check(_ begin: Command, in state: NavigationState, other: Command) -> [String] {
        var during = state
        guard let began = try? Navigator.apply(begin, to: &during), began.performed else {
            if state.transition == nil, during != state, during.nextEventSequence == state.nextEventSequence {
                return ["\(begin) not performed but changed the state"]
            }
            return []
        }
        var problems = Invariants.check(during).map { "mid-gesture: \($0)" }
        guard during.transition != nil else { return problems + ["\(begin) performed without a transition"] }
        // Every other change is refused, the state unchanged.
        var refused = during
        do {
            _ = try Navigator.apply(other, to: &refused)
            if other != .end { problems.append("\(other) was let through mid-gesture") }
        } catch {
            if error != .transitionInProgress(during.transition!.kind), !isRefusedEarlier(error) {
                problems.append("\(other) mid-gesture: \(error.code), not transition-in-progress")
            }
            if refused != during { problems.append("refused \(other) changed the state") }
        }
        // A snapshot taken mid-gesture restores into the same transition.
        do {
            let restored = try NavigationState(restoring: during.snapshot(), storyboard: during.storyboard)
            if restored != during { problems.append("the mid-gesture snapshot restores to another state") }
        } catch {
            problems.append("the mid-gesture snapshot is refused: \(error)")
        }
        let kind: InteractiveTransition.Kind = if case .interactivePop = begin { .interactivePop } else { .pullDown }
        // Cancel: as before.
        var cancelled = during
        do {
            _ = try Navigator.apply(phase(.cancel, of: kind), to: &cancelled)
            problems += Invariants.check(cancelled).map { "after cancel: \($0)" }
            if let difference = difference(state, cancelled) { problems.append("begin+cancel of \(kind): \(difference)") }
        } catch {
            problems.append("cancel failed: \(error.code)")
        }
        // Finish: the code's pop or dismissal.
        var finished = during
        var byCode = state
        do {
            let ended = try Navigator.apply(phase(.finish, of: kind), to: &finished)
            problems += Invariants.check(finished).map { "after finish: \($0)" }
            let code: Command = kind == .interactivePop ? .pop(navigation: nil, animated: true) : .dismiss(state.layers.last, animated: true)
            let transcript = try Navigator.apply(code, to: &byCode)
            let gesture = (began.events + ended.events).filter { !isDelegateCall($0.method) }.map { $0.line(in: state.storyboard) }
            let reference = transcript.events.filter { $0.method != .dismiss }.map { $0.line(in: state.storyboard) }
            if gesture != reference { problems.append("begin+finish of \(kind) reports \(gesture), the code's \(reference)") }
            if difference(byCode, finished) != nil { problems.append("begin+finish of \(kind) leaves another state than the code's") }
        } catch {
            problems.append("finish or its code counterpart failed: \(error.code)")
        }
        return problems
    }

    /// Errors a command meets before the transition is looked at (none: the check comes first).
    static func isRefusedEarlier(_ error: NavigationError) -> Bool { error == .sessionEnded }

    static func phase(_ phase: GesturePhase, of kind: InteractiveTransition.Kind) -> Command {
        kind == .interactivePop ? .interactivePop(phase: phase, navigation: nil) : .pullDown(phase: phase, shouldDismiss: nil, modalInPresentation: nil)
    }

    static func isDelegateCall(_ method: EventMethod) -> Bool {
        [.presentationControllerShouldDismiss, .presentationControllerWillDismiss, .presentationControllerDidDismiss].contains(method)
    }

    /// How `after` differs from `before` beyond the event counter, the revision, views loaded and
    /// the instances their loading embedded; nil when it does not.
    static func difference(_ before: NavigationState, _ after: NavigationState) -> String? {
        func normalized(_ state: NavigationState, keeping count: Int) -> NavigationSnapshot {
            var snapshot = state.snapshot()
            snapshot.revision = 0
            snapshot.nextEventSequence = 0
            snapshot.createdCount = count
            snapshot.instances = snapshot.instances.filter { $0.id.rawValue <= count }.map { instance in
                var instance = instance
                instance.isViewLoaded = false
                instance.children.removeAll { $0.rawValue > count }
                return instance
            }
            return snapshot
        }
        let count = before.createdCount
        let left = normalized(before, keeping: count), right = normalized(after, keeping: count)
        guard left != right else { return nil }
        for (l, r) in zip(left.instances, right.instances) where l != r { return "\(l.id) was \(l), is \(r)" }
        return "the sessions differ (\(left.instances.count) and \(right.instances.count) instances)"
    }

    @Test(arguments: Profile.allCases)
    func gestures_cancelToTheStateBefore_andFinishAsTheCodeDoes(profile: Profile) async {
        await propertyCheck(count: 150, input: Self.choices, Self.choices) { storyboardChoices, commandChoices in
            let problems = Self.problems(storyboardChoices: storyboardChoices, commandChoices: commandChoices, profile: profile)
            #expect(problems.isEmpty, "\(problems.first ?? "")")
        }
    }
}
