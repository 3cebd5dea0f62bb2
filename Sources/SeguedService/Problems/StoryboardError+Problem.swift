import Storyboard

extension StoryboardError: ProblemConvertible {
    /// Malformed and invalid storyboards share `invalid-storyboard` (and its title); `detail` says which.
    var problem: Problem {
        let issues = self.issues.map { (path: $0.path, message: $0.message, line: $0.line, column: $0.column) }
        let type: ProblemType =
            switch kind {
            case .malformed, .invalid: .invalidStoryboard
            case .refused: .refusedStoryboard
            }
        return Problem(type, detail: description, extensions: [("errors", .issues(issues))])
    }
}
