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

# Man pages into $1, gzipped without timestamps: elastic.1 and one per subcommand, named as
# Debian names a command's subcommands (elastic-play.1, as git-commit.1), from the help
# $ELASTIC_BIN dumps, by swift-argument-parser's generate-manual. That tool keeps only ASCII, so
# it is run directly (its plugin would give it the binary itself) on the help with each other
# character spelled @U+hex@, put back as UTF-8 afterwards (man-db converts it for the terminal). It names a page elastic.play with NAME "elastic play",
# which neither man nor whatis finds: the pages are renamed, and NAME made one word with its
# description unquoted, as lexgrog reads it; the synopsis keeps "elastic play". The pages' date
# is the last commit's, so a rebuild of the same commit makes the same pages.
elastic_manuals() {
  local out="$1" date work page name
  date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
  swift build -c release --static-swift-stdlib --scratch-path "$ELASTIC_SCRATCH" --product generate-manual >&2
  work="$(mktemp -d)"
  "$ELASTIC_BIN" --experimental-dump-help | perl -CSD -pe 's/([^\x00-\x7F])/sprintf("\@U+%X\@", ord $1)/ge' >"$work/help.json"
  # generate-manual runs its argument with --experimental-dump-help: this one answers with the help above.
  printf '#!/bin/sh\nexec cat "$(dirname "$0")/help.json"\n' >"$work/elastic"
  chmod 755 "$work/elastic"
  mkdir "$work/pages"
  "$(swift build -c release --static-swift-stdlib --scratch-path "$ELASTIC_SCRATCH" --show-bin-path)/generate-manual" \
    "$work/elastic" --multi-page --date "$date" --authors "Elastic maintainers" --output-directory "$work/pages" >&2
  [ -f "$work/pages/elastic.1" ] || { echo "layout: generate-manual made no elastic.1" >&2; rm -rf "$work"; return 1; }
  mkdir -p "$out"
  for page in "$work/pages"/*.1; do
    name="$(basename "$page" .1)"
    perl -CSD -ne '
      s/\@U\+([0-9A-F]+)\@/chr hex $1/ge;
      $section = $1 if /^\.Sh "?([^"\n]*)"?$/;
      s/^(\.(?:Dt|Xr) )(\S+)/$1 . ($2 =~ tr{.}{-}r)/e;
      if ($section eq "NAME" && /^\.Nm "(.*)"$/) { $called = $1; $_ = ".Nm " . ($1 =~ tr{ }{-}r) . "\n"; }
      s/^\.Nd "(.*)"$/.Nd $1/ if $section eq "NAME";
      $_ = ".Nm \"$called\"\n" if $section eq "SYNOPSIS" && defined $called && /^\.Nm$/;
      # A subcommand page points back to the command.
      print ".Sh \"SEE ALSO\"\n.Xr elastic 1\n" if /^\.Sh AUTHORS$/ && defined $called && !$see_also;
      $see_also = 1 if $section eq "SEE ALSO";
      print;
    ' "$page" >"$out/${name//./-}.1"
  done
  rm -rf "$work"
  gzip -9nf "$out"/*.1
}

# Lays out the whole program under "$root$prefix", $root being a fresh empty folder, with
# $ELASTIC_BIN as the binary; prints each file's path as installed (without $root), one a line.
elastic_stage() {
  local root="$1" prefix="$2" dest="$1$2" shell size
  install -D -m 755 "$ELASTIC_BIN" "$dest/bin/elastic"
  # Symbols only: the Swift runtime's metadata, which it needs, is in sections strip keeps.
  strip --strip-unneeded "$dest/bin/elastic"
  for folder in tour replays springs bench; do
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
