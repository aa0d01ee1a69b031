import HangulCore

/// One entry of `hello`'s `layouts`: `{"id":"2","name":"Dubeolsik","korean_name":"두벌식"}`.
public struct LayoutSummary: Equatable, Sendable {
    /// What `set_options` takes as `layout`.
    public var id: String
    public var name: String
    public var koreanName: String

    public init(id: String, name: String, koreanName: String) {
        self.id = id
        self.name = name
        self.koreanName = koreanName
    }

    public init(_ layout: Layout) {
        self.init(id: layout.id, name: layout.name, koreanName: layout.koreanName)
    }
}
