#!/usr/bin/env bash
# Installs the system libraries Decor builds against, when missing: libpng, libdeflate, zlib, libjpeg-turbo (its
# TurboJPEG and libjpeg APIs), libwebp, Little CMS 2 and pkg-config, through apt-get (Debian, Ubuntu; with sudo unless root) or
# Homebrew (macOS).
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
