// Short names for the library's own code; apps see only the nested spellings
// (`RouteMatchError.Reason`, …), so these never collide with an app's types.
typealias Reason = RouteMatchError.Reason
typealias Problem = RouteMatchError.Problem
typealias DefinitionProblem = RouteMatchError.DefinitionProblem
typealias ValueType = RouteMatchError.ValueType
