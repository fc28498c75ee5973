"""The one table compare-peers prints, and the --check lines."""


def _cell(peer_ms, elastic_ms):
    return f"{peer_ms:.3f} ({elastic_ms / peer_ms:.2f})" if peer_ms > 0 else "–"


def table(rows, names, versions, markdown):
    head = ["window", "scene", "frames", "Elastic frame_ms p50", "damaged px p50"]
    head += [f"{n} equal damage" for n in names] + ["Elastic --redraw all frame_ms p50"] + [f"{n} full frame" for n in names]
    body = []
    for r in rows:
        line = [r["window"], r["scene"], str(r["frames"]), f"{r['elastic']:.3f}", f"{r['damaged']:,.0f}"]
        line += [_cell(r["peers"][n][0], r["elastic"]) for n in names] + [f"{r['elastic_all']:.3f}"]
        line += [_cell(r["peers"][n][1], r["elastic_all"]) for n in names]
        body.append(line)
    out = ["# p50 ms per frame; (Elastic frame_ms p50 in the same mode ÷ peer): below 1, Elastic is faster;",
           "# equal damage against Elastic's --redraw damage run, full frame against its --redraw all run",
           "# peers: " + "; ".join(versions)]
    if markdown:
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|")
        out += ["| " + " | ".join(line) + " |" for line in body]
    else:
        widths = [max(len(h), *(len(line[i]) for line in body)) for i, h in enumerate(head)]
        out.append("  ".join(h.rjust(w) for h, w in zip(head, widths)))
        out += ["  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in body]
    return "\n".join(out)


def label_mask(frame, height, width, margin=3):
    """True where a label may be: each library draws text with its own font engine."""
    import numpy as np
    mask = np.zeros((height, width), bool)
    for item in frame["items"]:
        if "text" in item:
            w = item.get("width") or item["size"] * 0.7 * len(item["text"])
            x0 = item["x"] - {"leading": 0, "center": w / 2, "trailing": w}[item["align"]]
            y0, y1 = item["y"] - item["size"], item["y"] + item["size"]
            mask[max(0, int(y0) - margin):max(0, int(y1) + margin), max(0, int(x0) - margin):max(0, int(x0 + w) + margin)] = True
    return mask


def check(peer, prepared, frame, screenshot, scene, window):
    """How far the peer's full drawing of `frame` is from Elastic's screenshot of it, labels left out."""
    import cairo
    import numpy as np
    png = cairo.ImageSurface.create_from_png(screenshot)
    h, w = png.get_height(), png.get_width()
    ref = np.ndarray((h, w, 4), np.uint8, png.get_data(), 0, (png.get_stride(), 4, 1))[..., [2, 1, 0]].astype(int)
    peer.draw(prepared, None)
    got = peer.pixels().astype(int)
    diff = np.abs(got - ref).max(axis=2)[~label_mask(frame, h, w)]
    edge = (diff > 2).sum()
    return (f"check {window} {scene} {peer.name}: max {diff.max()}/255, p99.9 {np.percentile(diff, 99.9):.0f}, "
            f"mean {diff.mean():.3f}, pixels > 2/255: {edge} ({100 * edge / diff.size:.3f} %), > 64/255: {(diff > 64).sum()}")
