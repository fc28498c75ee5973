import ElasticCore
import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// One key table: the driver, the loop, the key hint, `--help` and the README all follow it.
@Suite("the key table")
struct KeyTableTests {
    /// The README's controls section: from a heading naming "Controls" to the next heading.
    static func readmeControls() throws -> String? {
        let text = try String(contentsOf: ElasticBinary.root.appendingPathComponent("README.md"), encoding: .utf8)
        var section: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if section != nil { break }
                if line.lowercased().contains("controls") { section = [] }
                continue
            }
            section?.append(line)
        }
        return section.map { $0.joined(separator: "\n") }
    }

    @Test("every row of the key table is a line of the README's controls section")
    func readmeListsEveryKey() throws {
        let found = try Self.readmeControls()
        let controls = try #require(found, "README.md has no section headed 'Controls'; it needs:\n\(KeyTable.markdownLines.joined(separator: "\n"))")
        let lines = Set(controls.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) })
        for line in KeyTable.markdownLines {
            #expect(lines.contains(line), "README.md's controls section lacks the line: \(line)")
        }
    }

    @Test("play --help lists every key of the table with what it does")
    func helpListsEveryKey() async throws {
        let r = try await ElasticBinary.run(["play", "--help"])
        #expect(r.status == 0, "\(r.stderr)")
        // ArgumentParser may rewrap the text: compare with runs of spaces and newlines as one.
        let help = r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for binding in KeyTable.bindings {
            #expect(help.contains(binding.label + " " + binding.help.split(separator: " ").joined(separator: " ")),
                    "--help lacks \(binding.label): \(binding.help)")
        }
    }

    @Test("the key hint's lines are the shipped ones, built from the table")
    func hintLines() {
        #expect(KeyHint.otherKeys == "1–5 / Tab: scenes   F1: HUD   Esc: quit")
        #expect(KeyHint.shortKeys == "Tab: scenes   Esc: quit")
    }

    @Test("each key is listed once, and every key the app handles reaches the loop through the driver")
    func routing() throws {
        let listed = KeyTable.bindings.flatMap { $0.keys.map(\.key) }
        #expect(Set(listed).count == listed.count, "a key listed twice")
        let app = listed.filter { KeyTable.action(for: $0).isApp }
        #expect(Set(app) == [.escape, .f1, .leftBracket, .rightBracket, .minus, .equals, .w])
        let driver = try FrameDriver(scene: "wave-pull", windowSize: Size(1280, 720))
        _ = driver.frame(now: 0)
        for key in Key.allCases where ![.one, .two, .three, .four, .five, .tab].contains(key) { driver.input(.key(key)) }
        _ = driver.frame(now: 1.0 / 60)
        #expect(driver.appKeys == Key.allCases.filter { app.contains($0) }, "handed back in the order pressed")
        #expect(driver.sceneIndex == 0, "no switch")
    }
}
