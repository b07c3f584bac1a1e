#!/usr/bin/env bash
# Renders the Mermaid charts that `knee find -o markdown` and
# `knee baseline -o markdown` print, with the Mermaid library itself (what
# GitHub uses to draw ```mermaid blocks in issues and PRs) in headless
# Debian Chromium, and fails unless every block became an xychart SVG.
# It leaves a screenshot per input in $OUT (default bin/mermaid) to look at.
#
#   hack/mermaid/check.sh            # make mermaid-check
#
# Chromium comes from Debian (apt-get, when run as root and missing) and
# Mermaid from the npm registry, pinned, cached in KNEE_MERMAID_CACHE.
set -euo pipefail
cd "$(dirname "$0")/../.."
MERMAID_VERSION=11.17.2
CACHE=${KNEE_MERMAID_CACHE:-$HOME/.cache/knee-mermaid/$MERMAID_VERSION}
OUT=${OUT:-bin/mermaid}
mkdir -p "$OUT"

if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -q chromium >/dev/null
  else
    echo "mermaid-check: chromium is not installed (apt-get install chromium)" >&2; exit 1
  fi
fi
if [ ! -f "$CACHE/node_modules/mermaid/dist/mermaid.min.js" ]; then
  mkdir -p "$CACHE"
  (cd "$CACHE" && npm install --silent --no-audit --no-fund "mermaid@$MERMAID_VERSION" >/dev/null)
fi
go build -o bin/knee ./cmd/knee

# name | knee arguments
cases=(
  "find-h200|find fixtures/testbed/h200-cbserve-0.6b -o markdown"
  "baseline-h200|baseline fixtures/testbed/h200-cbserve-0.6b -o markdown"
  "find-gb300|find fixtures/aicr/gb300-eks.csv -o markdown"
)
fail=0
for c in "${cases[@]}"; do
  name=${c%%|*}; args=${c#*|}
  md="$OUT/$name.md"; html="$OUT/$name.html"
  # shellcheck disable=SC2086 # args is a word list on purpose
  bin/knee $args >"$md" || [ $? = 3 ]
  want=$(grep -c '^```mermaid$' "$md" || true)
  {
    echo '<!doctype html><html><head><meta charset="utf-8"><title>pending</title></head><body style="width:900px">'
    awk '/^```mermaid$/{on=1; print "<pre class=\"mermaid\">"; next} on&&/^```$/{on=0; print "</pre>"; next} on{gsub("&","\\&amp;"); gsub("<","\\&lt;"); print}' "$md"
    echo '<script>'; cat "$CACHE/node_modules/mermaid/dist/mermaid.min.js"; echo '</script>'
    echo '<script>mermaid.initialize({startOnLoad:false});
      mermaid.run().then(()=>{document.title="rendered "+document.querySelectorAll("svg[aria-roledescription=xychart]").length})
      .catch(e=>{document.title="error: "+e.message});</script></body></html>'
  } >"$html"
  flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=15000)
  chromium "${flags[@]}" --dump-dom "file://$PWD/$html" 2>/dev/null >"$OUT/$name.dom.html"
  chromium "${flags[@]}" --window-size=940,$((want * 560 + 40)) --screenshot="$PWD/$OUT/$name.png" "file://$PWD/$html" >/dev/null 2>&1
  got=$(grep -o '<title>[^<]*</title>' "$OUT/$name.dom.html" | sed 's/<[^>]*>//g')
  if [ "$got" = "rendered $want" ] && ! grep -q 'aria-roledescription="error"' "$OUT/$name.dom.html"; then
    echo "ok    $name: $want chart(s) rendered → $OUT/$name.png"
  else
    echo "FAIL  $name: want 'rendered $want', got '$got' (see $OUT/$name.dom.html)"; fail=1
  fi
done
exit $fail
