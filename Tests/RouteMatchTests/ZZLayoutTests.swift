import Testing
@testable import RouteMatch
@Test func zzLayout() {
    print("LAYOUT Segment", MemoryLayout<PatternAST.Segment>.stride, "Value", MemoryLayout<PatternAST.Value>.stride,
          "AST", MemoryLayout<PatternAST>.stride, "Node", MemoryLayout<RouteTrie.Node>.stride,
          "CaseKey", MemoryLayout<CaseKey>.stride, "LabelInfo", MemoryLayout<LabelInfo>.stride,
          "Source", MemoryLayout<CompiledRoute.Source>.stride, "QueryItem", MemoryLayout<PatternAST.QueryItem>.stride,
          "class", class_getInstanceSizeApprox())
}
func class_getInstanceSizeApprox() -> Int { 0 }
