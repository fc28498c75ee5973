#!/usr/bin/env bash
# Reads scripts/lib/scenes.tsv, the one list of scenes and their replays. Source it; the paths it
# prints are relative to the repository's root. Each function fails (status 2) with a message
# naming the scenes when it is given one the list does not hold.
#   scenes_list                 the scene names, one a line, in the app's order
#   scene_replay SCENE          assets/replays/<the scene's replay>.jsonl
#   scene_moving SCENE          assets/replays/<its moving replay>.jsonl
#   scene_tour SCENE            assets/tour/<its tour stop>.jsonl
#   scene_of_replay FILE        the scene a replay file belongs to (its name starts with the scene's)

SCENES_TSV=${SCENES_TSV:-$(dirname "${BASH_SOURCE[0]}")/scenes.tsv}

scenes_list() { awk -F'\t' '!/^#/ && $1 != "scene" { print $1 }' "$SCENES_TSV"; }

# _scene_column SCENE N: column N of SCENE's row.
_scene_column() {
  local value
  value=$(awk -F'\t' -v s="$1" -v n="$2" '!/^#/ && $1 == s { print $n; exit }' "$SCENES_TSV")
  if [ -z "$value" ]; then
    echo "unknown scene '$1' (one of: $(scenes_list | paste -sd' '))" >&2
    return 2
  fi
  printf '%s\n' "$value"
}

scene_replay() { local r; r=$(_scene_column "$1" 2) && echo "assets/replays/$r.jsonl"; }
scene_moving() { local r; r=$(_scene_column "$1" 3) && echo "assets/replays/$r.jsonl"; }
scene_tour() { local r; r=$(_scene_column "$1" 4) && echo "assets/tour/$r.jsonl"; }

# The longest scene name the file name starts with, so a scene whose name prefixes another's
# cannot take its replays.
scene_of_replay() {
  local name s found=""
  name=$(basename "$1" .jsonl)
  for s in $(scenes_list); do
    case "$name" in "$s"-*) [ ${#s} -le ${#found} ] || found=$s ;; esac
  done
  [ -n "$found" ] || { echo "no scene for replay $1 (its name must start with one of: $(scenes_list | paste -sd' '))" >&2; return 2; }
  echo "$found"
}
