import Storyboard

extension StoryboardError: ProblemConvertible {
    var problem: Problem {
        let issues = self.issues.map { (path: $0.path, message: $0.message, line: $0.line, column: $0.column) }
        let (code, title, status) =
            switch kind {
            case .malformed: ("invalid-storyboard", "Malformed storyboard", 422)
            case .invalid: ("invalid-storyboard", "Invalid storyboard", 422)
            case .refused: ("refused-storyboard", "Storyboard refused", 422)
            }
        return Problem(code: code, title: title, status: status, detail: description, extensions: [("errors", .issues(issues))])
    }
}
