#!/usr/bin/env bash
# Installs the system libraries Decor builds against, when missing: libpng, libdeflate, zlib, libjpeg-turbo (its
# TurboJPEG and libjpeg APIs), libwebp, giflib, libtiff, libheif (with its HEVC and AV1 codecs), Little CMS 2, the
# text libraries (FreeType, HarfBuzz, fontconfig, FriBiDi, libunibreak) with two font families (DejaVu, which the
# text defaults and tests use, and Noto's core fonts, for the Devanagari test) and pkg-config, through apt-get
# (Debian, Ubuntu; with sudo unless root) or Homebrew (macOS, whose own fonts stand in for the families).
# Prints what it installs; installs nothing when everything is there. The README's first command and .ci/run use it.
set -euo pipefail

# pkg-config name, Debian package, Homebrew formula.
libraries=(
  "libpng libpng-dev libpng"
  "libdeflate libdeflate-dev libdeflate"
  "zlib zlib1g-dev zlib"
  "libturbojpeg libturbojpeg0-dev jpeg-turbo"
  "libjpeg libjpeg62-turbo-dev jpeg-turbo"
  "libwebpdemux libwebp-dev webp"
  "lcms2 liblcms2-dev little-cms2"
  "libtiff-4 libtiff-dev libtiff"
  "libheif libheif-dev libheif"
  "freetype2 libfreetype-dev freetype"
  "harfbuzz libharfbuzz-dev harfbuzz"
  "fontconfig libfontconfig-dev fontconfig"
  "fribidi libfribidi-dev fribidi"
  "libunibreak libunibreak-dev libunibreak"
)
# Libraries without a pkg-config file (Debian's libgif-dev has none): a header that must be found, Debian package,
# Homebrew formula.
headers=(
  "gif_lib.h libgif-dev giflib"
)

apt=()
brew=()
if ! command -v pkg-config >/dev/null 2>&1; then
  apt+=(pkg-config)
  brew+=(pkg-config)
fi
for entry in "${libraries[@]}"; do
  read -r module debian formula <<<"$entry"
  if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$module" 2>/dev/null; then
    apt+=("$debian")
    brew+=("$formula")
  fi
done

# Whether the C compiler finds `header` on its default include path (or Homebrew's), as SwiftPM's build will.
has_header() {
  local header=$1 prefix
  for prefix in /usr/include /usr/local/include /opt/homebrew/include; do
    [ -f "$prefix/$header" ] && return 0
  done
  # Multiarch include folders (/usr/include/x86_64-linux-gnu, …).
  compgen -G "/usr/include/*/$header" >/dev/null
}
for entry in "${headers[@]}"; do
  read -r header debian formula <<<"$entry"
  if ! has_header "$header"; then
    apt+=("$debian")
    brew+=("$formula")
  fi
done

# Font families fontconfig must list (Linux only: macOS has its own fonts), and the Debian package with them.
fonts=(
  "DejaVu Sans|fonts-dejavu-core"
  "Noto Sans Devanagari|fonts-noto-core"
)
if [ "$(uname)" = Linux ]; then
  for entry in "${fonts[@]}"; do
    family=${entry%|*}
    debian=${entry#*|}
    if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list "$family" 2>/dev/null)" ]; then
      apt+=("$debian")
    fi
  done
fi

[ ${#apt[@]} -gt 0 ] || exit 0
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "install-dependencies: apt-get install ${apt[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt[@]}" >/dev/null
elif command -v brew >/dev/null 2>&1; then
  echo "install-dependencies: brew install ${brew[*]}" >&2
  brew install "${brew[@]}"
else
  echo "install-dependencies: missing ${apt[*]} (Debian names), and neither apt-get nor brew is here to install them" >&2
  exit 1
fi
