extension RouteMatchError {
    /// The Swift type a value was expected to convert to, as data: its name, the values a
    /// `CaseIterable` raw-value enum allows, and the range of an integer type.
    ///
    /// ```swift
    /// if case .formatFailure(_, _, let expected) = error.reason {
    ///     print(expected.name)                    // "Int8"
    ///     print(expected.integerRange?.maximum)   // 127
    /// }
    /// ```
    public struct ValueType: Hashable, Sendable, CustomStringConvertible {
        /// The type's name as Swift prints it (`Int`, `Tab`, `UUID`).
        public let name: String
        /// The raw values a `CaseIterable` raw-value enum accepts, in declaration order;
        /// empty for other types.
        public let allowedValues: [String]
        /// The range of a fixed-width integer type; `nil` for other types.
        public let integerRange: IntegerRange?

        /// Creates a value type, as tests that compare a whole reason need.
        ///
        /// - Parameters:
        ///   - name: The type's name.
        ///   - allowedValues: The raw values of a `CaseIterable` enum.
        ///   - integerRange: The range of an integer type.
        public init(name: String, allowedValues: [String] = [], integerRange: IntegerRange? = nil) {
            self.name = name
            self.allowedValues = allowedValues
            self.integerRange = integerRange
        }

        /// The type's name.
        public var description: String { name }
    }

    /// The smallest and largest value of a fixed-width integer type (every such type of up to
    /// 64 bits fits these two fields).
    public struct IntegerRange: Hashable, Sendable {
        /// The type's `min`.
        public let minimum: Int64
        /// The type's `max`.
        public let maximum: UInt64

        /// Creates a range.
        ///
        /// - Parameters:
        ///   - minimum: The type's `min`.
        ///   - maximum: The type's `max`.
        public init(minimum: Int64, maximum: UInt64) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }
}

extension RouteMatchError.ValueType {
    /// The value type of `T`, as a reason names it: its name, its raw values when it is a `CaseIterable` raw-value
    /// enum, its range when it is a fixed-width integer (and lists no raw values).
    ///
    /// ```swift
    /// enum Tab: String, Codable, CaseIterable { case home, settings }
    /// RouteMatchError.ValueType.of(Tab.self).allowedValues   // ["home", "settings"]
    /// RouteMatchError.ValueType.of(Int8.self).integerRange?.maximum   // 127
    /// ```
    public static func of<T>(_ type: T.Type) -> Self {
        // A standard scalar is known by identity: no conformance is looked up (a first such
        // question scans every conformance of the process), nor its name.
        if let standard = TextConversion.Standard.of(T.self) { return standard.valueType }
        let allowed = TextConversion.allRawValues(T.self) ?? []
        // A type that lists raw values is an enum, not an integer type: not asked whether it is
        // one, a scan more on a process's first miss of each such type.
        var range: RouteMatchError.IntegerRange?
        if allowed.isEmpty, let integer = T.self as? any FixedWidthInteger.Type {
            range = RouteMatchError.IntegerRange(of: integer)
        }
        return Self(name: "\(T.self)", allowedValues: allowed, integerRange: range)
    }
}

extension RouteMatchError.IntegerRange {
    /// The range of the integer type `I`; `nil` for one wider than 64 bits.
    init?<I: FixedWidthInteger>(of type: I.Type) {
        guard I.bitWidth <= 64 else { return nil }
        self.init(minimum: Int64(I.min), maximum: UInt64(I.max))
    }
}
