# The installed layout, shared by scripts/package-deb.sh (a .deb's tree) and scripts/install.sh
# (a prefix): one release build with the Swift runtime linked in, and every file it ships.
# Source it from the repository root; it defines functions only.

# The build folder of its own, so a packaging build leaves .build/release alone.
ELASTIC_SCRATCH=.build-deb

# Builds the release binary with the Swift runtime linked in; sets ELASTIC_BIN to its path.
# The static link warns that "the use of `mktemp' is dangerous": the toolchain's Foundation calls
# it (FoundationEssentials' createTemporaryFile for atomic writes, which opens the name with
# O_CREAT|O_EXCL and retries, as mkstemp does), and FileHandle and FileManager link that in.
elastic_build() {
  swift build -c release --static-swift-stdlib --scratch-path "$ELASTIC_SCRATCH" --product elastic >&2
  ELASTIC_BIN="$(swift build -c release --static-swift-stdlib --scratch-path "$ELASTIC_SCRATCH" --show-bin-path)/elastic"
  [ -x "$ELASTIC_BIN" ] || { echo "layout: no binary at $ELASTIC_BIN after the build" >&2; return 1; }
}

# Fails, naming them, when `ldd` shows the binary loading the Swift runtime (from the toolchain
# or anywhere) or a library it cannot find.
elastic_check_runtime() {
  local bin="$1" toolchain="" bad
  if command -v swift >/dev/null; then
    toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")/"
  fi
  bad="$(ldd "$bin" | grep -F -e libswift -e libFoundation -e libdispatch -e libBlocksRuntime -e "not found" ${toolchain:+-e "$toolchain"} || true)"
  [ -z "$bad" ] || { printf '%s\n' "layout: $bin still loads these (the Swift runtime should be linked in):" "$bad" >&2; return 1; }
}

# Man pages from swift-argument-parser's generate-manual plugin (elastic.1 and one per
# subcommand) into $1, gzipped without timestamps. The plugin builds the package itself: in its
# debug configuration and the usual .build folder that build is the developer's own (up to date
# after `swift build`), where a release one would rebuild, and overwrite, the packaged binary
# without the static runtime. The help text, all a page holds, is the same in both. The pages'
# date is the last commit's, so a rebuild of the same commit makes the same pages.
elastic_manuals() {
  local out="$1" date pages=.build/plugins/GenerateManual/outputs
  date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
  rm -rf "$pages"
  swift package plugin generate-manual --configuration debug --multi-page --date "$date" \
    --authors "Elastic maintainers" >&2
  mkdir -p "$out"
  find "$pages" -name '*.1' -exec install -m 644 -t "$out" {} +
  [ -f "$out/elastic.1" ] || { echo "layout: generate-manual made no elastic.1 (looked under $pages)" >&2; return 1; }
  gzip -9nf "$out"/*.1
}

# Lays out the whole program under "$root$prefix", $root being a fresh empty folder, with
# $ELASTIC_BIN as the binary; prints each file's path as installed (without $root), one a line.
elastic_stage() {
  local root="$1" prefix="$2" dest="$1$2" shell size
  install -D -m 755 "$ELASTIC_BIN" "$dest/bin/elastic"
  # Symbols only: the Swift runtime's metadata, which it needs, is in sections strip keeps.
  strip --strip-unneeded "$dest/bin/elastic"
  for folder in tour replays springs; do
    install -d -m 755 "$dest/share/elastic/$folder"
    install -m 644 -t "$dest/share/elastic/$folder" assets/"$folder"/*
  done
  install -D -m 644 assets/desktop/elastic.desktop "$dest/share/applications/elastic.desktop"
  install -D -m 644 assets/icons/elastic.svg "$dest/share/icons/hicolor/scalable/apps/elastic.svg"
  for size in assets/icons/hicolor/*/; do
    size="$(basename "$size")"
    install -D -m 644 "assets/icons/hicolor/$size/apps/elastic.png" "$dest/share/icons/hicolor/$size/apps/elastic.png"
  done
  elastic_manuals "$dest/share/man/man1"
  for shell in bash zsh fish; do
    local path
    case "$shell" in
      bash) path=share/bash-completion/completions/elastic ;;
      zsh) path=share/zsh/vendor-completions/_elastic ;;
      fish) path=share/fish/vendor_completions.d/elastic.fish ;;
    esac
    install -d -m 755 "$(dirname "$dest/$path")"
    "$ELASTIC_BIN" --generate-completion-script "$shell" >"$dest/$path"
    chmod 644 "$dest/$path"
  done
  install -D -m 644 assets/debian/copyright "$dest/share/doc/elastic/copyright"
  (cd "$root" && find ".$prefix" -type f | sed 's|^\.||' | sort)
}
