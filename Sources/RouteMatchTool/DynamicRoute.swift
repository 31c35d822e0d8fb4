#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Tools) import RouteMatch

/// A route read from a ``RouteFile``: its name and each value, converted to its declared type.
struct DynamicRoute: Sendable, CustomStringConvertible {
    let name: String
    let values: [ToolTable.Value]

    /// `userPosts(id: 42, page: 2)`, as Swift prints an enum case.
    var description: String {
        values.isEmpty ? name : name + "(" + values.map { "\($0.name): \($0.text)" }.joined(separator: ", ") + ")"
    }
}

extension ToolTable {
    /// The table a route file describes.
    ///
    /// ```swift
    /// switch ToolTable.routeFile(text, name: "routes.txt") {
    /// case .success(let table): print(table.match("myapp://app/user/42"))
    /// case .failure(let problems): print(problems.list)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - text: The route file's text (``RouteFile``).
    ///   - name: The name the tool prints for the table (the file's name).
    /// - Returns: The table, or every problem of the file itself, each with its line and column.
    ///   (Problems of the patterns are the table's ``validate()``'s.)
    public static func routeFile(_ text: String, name: String) -> Result<ToolTable, RouteFile.Problems> {
        RouteFile.parse(text).map { file in
            let router = Router<DynamicRoute>(origins: file.origins, scheme: file.scheme, host: file.host, name: name) { routes in
                for route in file.routes {
                    routes.add(route.pattern, name: route.name) { captures in
                        DynamicRoute(name: route.name, values: try route.values.map { value in
                            ToolTable.Value(name: value.name, type: value.type.description,
                                            text: try DynamicRoute.read(value, from: captures))
                        })
                    }
                }
            }
            // Definition problems are shown in the file's own text (`${id:Int}`), caret included.
            let written = Dictionary(file.routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            return ToolTable(router, name: name) { error in
                error.movingDefinitionProblems { reference in
                    guard let route = written[reference.name], route.pattern == reference.pattern else { return nil }
                    return (RouteReference(name: route.name, pattern: route.writtenPattern), route.writtenOffset)
                }
            }
        }
    }
}

extension DynamicRoute {
    /// Reads one placeholder as its declared type and prints it.
    static func read(_ value: RouteFile.Value, from captures: RouteCaptures) throws -> String {
        let kind = value.type
        switch (kind.scalar, kind.isList, kind.isOptional) {
        case (.string, false, false): return ValueText.text(of: try captures.value(value.name, as: String.self))
        case (.string, false, true): return ValueText.text(of: try captures.value(value.name, as: String?.self) as Any)
        case (.string, true, false): return ValueText.text(of: try captures.value(value.name, as: [String].self))
        case (.string, true, true): return ValueText.text(of: try captures.value(value.name, as: [String]?.self) as Any)
        case (.int, _, _): return try read(Int.self, value, from: captures)
        case (.int64, _, _): return try read(Int64.self, value, from: captures)
        case (.uint, _, _): return try read(UInt.self, value, from: captures)
        case (.double, _, _): return try read(Double.self, value, from: captures)
        case (.bool, _, _): return try read(Bool.self, value, from: captures)
        case (.uuid, _, _): return try read(UUID.self, value, from: captures)
        }
    }

    private static func read<T: Decodable>(_ type: T.Type, _ value: RouteFile.Value, from captures: RouteCaptures) throws -> String {
        switch (value.type.isList, value.type.isOptional) {
        case (false, false): return ValueText.text(of: try captures.value(value.name, as: T.self))
        case (false, true): return ValueText.text(of: try captures.value(value.name, as: T?.self) as Any)
        case (true, false): return ValueText.text(of: try captures.value(value.name, as: [T].self))
        case (true, true): return ValueText.text(of: try captures.value(value.name, as: [T]?.self) as Any)
        }
    }
}
