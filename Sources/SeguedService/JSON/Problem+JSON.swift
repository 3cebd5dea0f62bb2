import HTTPServer

extension Problem {
    /// The `application/problem+json` response.
    var response: Response {
        var writer = JSONWriter(capacity: 256)
        writer.object { w in
            w.key("type"); w.string(type)
            w.key("title"); w.string(title)
            w.key("status"); w.int(status)
            w.key("detail"); w.string(detail)
            for (name, value) in extensions {
                w.key(name)
                switch value {
                case .string(let string): w.string(string)
                case .int(let int): w.int(int)
                case .strings(let strings): w.array { w in for string in strings { w.string(string) } }
                case .issues(let issues):
                    w.array { w in
                        for issue in issues {
                            w.object { w in
                                w.key("path"); w.string(issue.path)
                                w.key("message"); w.string(issue.message)
                                if let line = issue.line { w.key("line"); w.int(line) }
                                if let column = issue.column { w.key("column"); w.int(column) }
                            }
                        }
                    }
                }
            }
        }
        var response = Response(status: status, headers: [("Content-Type", "application/problem+json")], body: writer.bytes)
        for (name, value) in headers { response.setHeader(name, value) }
        return response
    }
}
