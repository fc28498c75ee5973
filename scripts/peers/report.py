"""The one table compare-peers prints, and the --check lines."""


def _cell(peer_ms, elastic_ms):
    return f"{peer_ms:.3f} ({elastic_ms / peer_ms:.2f})" if peer_ms > 0 else "–"


def table(rows, names, versions, modes, markdown, by_mode=False):
    """One wide table (every mode's columns: the peers' equal damage and band against Elastic's
    --redraw damage frame_ms, their full frame against its --redraw all), or with `by_mode` one
    table per mode. Each row's "peers" holds a peer's ms in the order of `modes`."""
    out = ["# p50 ms per frame; (Elastic frame_ms p50 in the same mode ÷ peer): below 1, Elastic is faster;",
           "# equal damage and band against Elastic's --redraw damage run, full frame against its --redraw all run",
           "# peers: " + "; ".join(versions)]
    start = ["window", "scene", "frames", "Elastic frame_ms p50", "damaged px p50"]

    def first(r):
        return [r["window"], r["scene"], str(r["frames"]), f"{r['elastic']:.3f}", f"{r['damaged']:,.0f}"]

    def peer_cells(r, k, elastic_ms):
        return [_cell(r["peers"][n][k], elastic_ms) for n in names]

    full = modes.index("full frame")
    damage_modes = [k for k in range(len(modes)) if k != full]
    all_head = ["Elastic --redraw all frame_ms p50"]
    if not by_mode:
        head = start + [f"{n} {modes[k]}" for k in damage_modes for n in names] + all_head
        head += [f"{n} {modes[full]}" for n in names]
        body = [first(r) + [c for k in damage_modes for c in peer_cells(r, k, r["elastic"])] + [f"{r['elastic_all']:.3f}"]
                + peer_cells(r, full, r["elastic_all"]) for r in rows]
        out += _layout(head, body, markdown)
        return "\n".join(out)
    # Per mode, Elastic's submit_ms beside its frame_ms: its drawing alone, what the peers' figures hold.
    def with_submit(cells, ms):
        return cells[:4] + [f"{ms:.3f}"] + cells[4:]
    for k, mode in enumerate(modes):
        if k == full:
            head = ["window", "scene", "frames"] + all_head + ["submit_ms p50"] + [f"{n} {mode}" for n in names]
            body = [with_submit(first(r)[:3] + [f"{r['elastic_all']:.3f}"], r["elastic_all_submit"])
                    + peer_cells(r, k, r["elastic_all"]) for r in rows]
        else:
            head = start[:4] + ["submit_ms p50"] + start[4:] + [f"{n} {mode}" for n in names]
            body = [with_submit(first(r), r["elastic_submit"]) + peer_cells(r, k, r["elastic"]) for r in rows]
        out += ["", f"## {mode}"] + _layout(head, body, markdown)
    return "\n".join(out)


def _layout(head, body, markdown):
    if markdown:
        return (["| " + " | ".join(head) + " |", "|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|"]
                + ["| " + " | ".join(line) + " |" for line in body])
    widths = [max(len(h), *(len(line[i]) for line in body)) for i, h in enumerate(head)]
    return (["  ".join(h.rjust(w) for h, w in zip(head, widths))]
            + ["  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in body])


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
