/// The strongly connected components of a directed graph whose nodes are `0..<successors.count`
/// (Tarjan's algorithm), each component's nodes in the order they close. Iterative, with explicit
/// stacks: a storyboard's containment can be a chain as long as an upload allows, and one stack
/// frame per scene would end the process.
func stronglyConnectedComponents(successors: [[Int]]) -> [[Int]] {
    let count = successors.count
    var index = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var components: [[Int]] = []
    var nextIndex = 0

    func visit(_ node: Int) {
        index[node] = nextIndex
        lowLink[node] = nextIndex
        nextIndex += 1
        stack.append(node)
        onStack[node] = true
    }

    for root in 0..<count where index[root] < 0 {
        visit(root)
        // Each entry is a node being explored and the position of the next successor to follow.
        var path: [(node: Int, next: Int)] = [(root, 0)]
        while let (node, next) = path.last {
            if next < successors[node].count {
                path[path.count - 1].next += 1
                let successor = successors[node][next]
                if index[successor] < 0 {
                    visit(successor)
                    path.append((successor, 0))
                } else if onStack[successor] {
                    lowLink[node] = min(lowLink[node], index[successor])
                }
                continue
            }
            path.removeLast()
            if let parent = path.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
            guard lowLink[node] == index[node] else { continue }
            var component: [Int] = []
            while let member = stack.popLast() {
                onStack[member] = false
                component.append(member)
                if member == node { break }
            }
            components.append(component)
        }
    }
    return components
}
