public import Storyboard

/// The navigation engine: a pure function from a state and a command to the next state and the
/// transcript of UIKit callbacks (spec §5). No I/O, no clocks, no randomness: the same inputs always
/// give the same transcript.
///
/// ```swift
/// var (state, launch) = try Navigator.launch(storyboard)
/// let transcript = try Navigator.apply(.performSegue(.init(identifier: "showItem")), to: &state)
/// ```
public enum Navigator {
    /// The largest a session's counters (`revision`, `nextEventSequence`, `createdCount`) may be:
    /// 10^15 - 1, the largest integer every JSON reader here takes exactly (numbers are read as
    /// doubles, and ``JSONValue/intValue`` takes integers below 10^15), so that any session's
    /// snapshot can be restored. A command that would pass it is refused
    /// (``NavigationError/counterLimitReached(_:)``), leaving the state as it was; snapshots past it
    /// are refused when restored.
    public static let counterMaximum = 999_999_999_999_999

    /// Below this distance from ``counterMaximum`` a command is applied to a copy of the state and
    /// its counters checked afterwards: no command adds this much (each instance it creates and
    /// each callback it makes adds one), and farther from the limit the copy (a fifth of a
    /// push+pop, see ``apply(_:to:)``) is not paid.
    static let counterHeadroom = 1 << 32

    /// Starts a session: the window shows `initialScene` (default: the storyboard's initial scene for
    /// the traits' idiom, ``Storyboard/initialScene(forIdiom:)``).
    /// - Throws: `unknownScene` when `initialScene` is not in the storyboard.
    public static func launch(
        _ storyboard: Storyboard, profile: Profile = .ios17, traits: Traits = .phone, initialScene: SceneID? = nil
    ) throws(NavigationError) -> (NavigationState, Transcript) {
        try launch(SharedStoryboard(storyboard), profile: profile, traits: traits, initialScene: initialScene)
    }

    /// Starts a session on a storyboard shared with others (``SharedStoryboard``).
    public static func launch(
        _ shared: SharedStoryboard, profile: Profile = .ios17, traits: Traits = .phone, initialScene: SceneID? = nil
    ) throws(NavigationError) -> (NavigationState, Transcript) {
        let sceneID = initialScene ?? shared.storyboard.initialScene(forIdiom: traits.idiom.rawValue)
        guard shared.storyboard.scenes[sceneID] != nil else { throw .unknownScene(.scene(sceneID)) }
        var transaction = Transaction(state: NavigationState(storyboard: shared, profile: profile, traits: traits))
        let transcript = transaction.launch(sceneID)
        transaction.state.revision = 1
        return (transaction.finish(), transcript)
    }

    /// Applies `command` to `state`.
    ///
    /// A command that throws leaves `state` exactly as it was. The revision grows by one when the
    /// command is performed.
    /// - Returns: the transcript: performed or not (with the reason), the segue, the ordered events.
    /// - Throws: ``NavigationError`` for what UIKit would raise on.
    public static func apply(_ command: Command, to state: inout NavigationState) throws(NavigationError) -> Transcript {
        guard !state.isEnded else { throw .sessionEnded }
        // A tap may make several calls, the second failing after the first changed the state: it
        // runs on a copy, kept only when every call succeeds.
        if state.isNearCounterMaximum || command.isTap {
            var after = state
            let transcript = try applyInPlace(command, to: &after)
            if let name = after.counterPastMaximum { throw .counterLimitReached(name) }
            state = after
            return transcript
        }
        return try applyInPlace(command, to: &state)
    }

    private static func applyInPlace(_ command: Command, to state: inout NavigationState) throws(NavigationError) -> Transcript {
        // The state is swapped into the transaction and back, so that its buffers are never shared
        // and change in place: copying them on write was a fifth of a push+pop, and copying the
        // state in and out a twentieth. Moved in and returned by `finish()`, it was still copied
        // out and the transaction's copy destroyed (its buffers' reference counts taken and given
        // back); a swap moves it both ways, and an empty state of the same storyboard holds its
        // place meanwhile. Every check that can throw runs before the first change (the property
        // tests assert that a failed command changes nothing), so on failure the state swapped
        // back is the one taken.
        let placeholder = NavigationState(storyboard: state.sharedStoryboard, profile: state.profile, traits: state.traits)
        var transaction = Transaction(state: consume placeholder)
        swap(&transaction.state, &state)
        defer { swap(&transaction.state, &state) }
        let transcript = try transaction.run(command)
        if transcript.performed { transaction.state.revision += 1 }
        return transcript
    }
}

extension Command {
    var isTap: Bool {
        if case .tap = self { true } else { false }
    }
}

extension NavigationState {
    /// Whether a counter is within ``Navigator/counterHeadroom`` of ``Navigator/counterMaximum``.
    var isNearCounterMaximum: Bool {
        let threshold = Navigator.counterMaximum - Navigator.counterHeadroom
        return revision > threshold || nextEventSequence > threshold || createdCount > threshold
    }

    /// The first counter past ``Navigator/counterMaximum``, by its snapshot name.
    var counterPastMaximum: String? {
        if revision > Navigator.counterMaximum { return "revision" }
        if nextEventSequence > Navigator.counterMaximum { return "nextEventSequence" }
        if createdCount > Navigator.counterMaximum { return "createdCount" }
        return nil
    }
}

extension Transaction {
    mutating func run(_ command: Command) throws(NavigationError) -> Transcript {
        try checkTransition(for: command)
        switch command {
        case .performSegue(let request):
            return try performSegue(request)
        case .performCodeSegue(let request):
            return try performCodeSegue(request)
        case .unwind(let request):
            return try unwind(request)
        case .pop(let navigation, let animated):
            let navigation = try navigationController(navigation)
            // UIKit returns nil and does nothing: not an error (spec §6).
            guard state[live: navigation].children.count > 1 else {
                return transcript(performed: false, reason: .nothingToPop)
            }
            pop(navigation, keeping: state[live: navigation].children.count - 1, animated: animated, reportCall: false)
            return transcript()
        case .popToRoot(let navigation, let animated):
            let navigation = try navigationController(navigation)
            guard state[live: navigation].children.count > 1 else {
                return transcript(performed: false, reason: .nothingToChange)
            }
            pop(navigation, keeping: 1, animated: animated, reportCall: true)
            return transcript()
        case .popTo(let target, let animated):
            let parent = state[live: try requireLive(target)].parent
            guard let navigation = parent, state[live: navigation].isNavigationController,
                let index = state[live: navigation].children.firstIndex(of: target)
            else { throw .notInStack(target, navigation: parent ?? target) }
            guard index < state[live: navigation].children.count - 1 else {
                return transcript(performed: false, reason: .nothingToChange)
            }
            pop(navigation, keeping: index + 1, animated: animated, reportCall: true)
            return transcript()
        case .setViewControllers(let entries, let navigation, let animated):
            let navigation = try navigationController(navigation)
            let stack = try resolveStack(entries, for: navigation)
            setViewControllers(stack, on: navigation, animated: animated)
            return transcript()
        case .push(let reference, let navigation, let data, let animated):
            let navigation = try navigationController(navigation)
            let scene = try scene(reference)
            try checkPushable(scene.id, onto: navigation)
            let destination = instantiate(scene.id)
            hand(data, to: destination)
            push(destination, onto: navigation, animated: animated)
            return transcript()
        case .present(let reference, let from, let style, let data, let animated):
            let caller = try source(from)
            let scene = try scene(reference)
            // UIKit logs "Attempt to present … whose view is not in the window hierarchy" and
            // presents nothing: not an error (spec §6, revised 2026-11-28).
            guard state.isAppeared(caller) else { return transcript(performed: false, reason: .notInWindowHierarchy) }
            let destination = instantiate(scene.id)
            hand(data, to: destination)
            try present(destination, from: caller, style: style ?? scene.modalPresentationStyle ?? .automatic, adaptive: nil, animated: animated)
            return transcript()
        case .dismiss(let id, let animated):
            // Nothing presented from it and not presented: UIKit does nothing (spec §5.5, §6).
            guard let target = dismissTarget(of: try source(id)) else {
                return transcript(performed: false, reason: .nothingToDismiss)
            }
            dismiss(target, animated: animated)
            return transcript()
        case .selectTab(let index, let tabBar, let byUser, let shouldSelect):
            let tabBar = try tabBarController(tabBar)
            if let reason = try selectTab(index, of: tabBar, byUser: byUser, shouldSelect: shouldSelect ?? true, animated: true) {
                return transcript(performed: false, reason: reason)
            }
            return transcript()
        case .setTraits(let traits):
            return setTraits(traits)
        case .transitionToSize(let size, let traits):
            return setTraits(traits, size: size)
        case .interactivePop(let phase, let navigation):
            return try interactivePop(phase, navigation: navigation)
        case .pullDown(let phase, let shouldDismiss, let modalInPresentation):
            return pullDown(phase, shouldDismiss: shouldDismiss, modalInPresentation: modalInPresentation)
        case .tapOutside(let shouldDismiss, let modalInPresentation):
            return tapOutside(shouldDismiss: shouldDismiss, modalInPresentation: modalInPresentation)
        case .tap(let request):
            return try tap(request)
        case .end:
            return end()
        }
    }

    /// Turns `setViewControllers` entries into instances: existing ones must be in this stack, new
    /// ones are instantiated (as app code would before the call).
    private mutating func resolveStack(_ entries: [StackEntry], for navigation: ControllerID) throws(NavigationError) -> [ControllerID] {
        guard !entries.isEmpty else { throw .emptyStack }
        let current = state[live: navigation].children
        // A set for long stacks: searching the stack for each of N entries was O(N²) (10,000: 90 ms).
        let currentSet = entries.count * current.count > Self.linearComparisonLimit ? Set(current) : nil
        var seen: Set<ControllerID> = []
        var scenes: [Scene?] = []
        for entry in entries {
            switch entry {
            case .existing(let id):
                _ = try requireLive(id)
                guard currentSet?.contains(id) ?? current.contains(id), seen.insert(id).inserted else { throw .invalidStackEntry(id) }
                scenes.append(nil)
            case .new(let reference):
                let scene = try scene(reference)
                try checkPushable(scene.id, onto: navigation)
                scenes.append(scene)
            }
        }
        var stack: [ControllerID] = []
        for (entry, scene) in zip(entries, scenes) {
            if case .existing(let id) = entry { stack.append(id) } else { stack.append(instantiate(scene!.id)) }
        }
        return stack
    }
}
