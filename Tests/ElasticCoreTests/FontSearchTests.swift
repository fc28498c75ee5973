import ElasticCore
import Testing

/// Which font labels are drawn with, on made-up file systems.
@Suite("font search: ELASTIC_FONT, the repository's font, Debian's")
struct FontSearchTests {
    static let repository = "/src/elastic/assets/fonts/DejaVuSans.ttf"
    static let debian = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func search(_ environment: [String: String], readable: Set<String>) -> FontSearch {
        FontSearch(environment: environment, currentDirectory: "/src/elastic", isReadable: { readable.contains($0) })
    }

    @Test("a readable ELASTIC_FONT is used, with nothing to report")
    func asked() {
        let found = search(["ELASTIC_FONT": "/fonts/Mine.ttf"], readable: ["/fonts/Mine.ttf", Self.repository])
        #expect(found.path == "/fonts/Mine.ttf" && found.problem == nil)
    }

    @Test("without ELASTIC_FONT, the repository's font comes before Debian's, then Debian's")
    func order() {
        #expect(search([:], readable: [Self.repository, Self.debian]).path == Self.repository)
        let debian = search(["ELASTIC_FONT": ""], readable: [Self.debian])
        #expect(debian.path == Self.debian && debian.problem == nil)
    }

    @Test("an unreadable ELASTIC_FONT is reported with the font used instead")
    func unreadable() throws {
        let found = search(["ELASTIC_FONT": "/missing.ttf"], readable: [Self.debian])
        #expect(found.path == Self.debian)
        let problem = try #require(found.problem)
        #expect(problem.contains("ELASTIC_FONT=/missing.ttf cannot be read") && problem.contains("using \(Self.debian)"))
    }

    @Test("with no font at all, every place looked at and the way to install one are reported")
    func none() throws {
        let found = search(["ELASTIC_FONT": "/missing.ttf"], readable: [])
        #expect(found.path == nil)
        let problem = try #require(found.problem)
        for place in ["/missing.ttf", Self.repository, Self.debian, "apt-get install fonts-dejavu-core"] {
            #expect(problem.contains(place), "\(place)")
        }
    }
}
