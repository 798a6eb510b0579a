"""Writes the decoders' fixtures beside this file with Pillow (the dev venv has it), so what the
decoders read comes from another codebase. Run again only to change them:
    python make_fixtures.py

- pattern.*: 64 x 48, red = 4x, green = 5y, blue = 128, opaque, as PNG, JPEG (quality 95),
  WebP (lossless) and an animated WebP whose second frame is black.
- palette.gif / palette-interlaced.gif: 64 x 48 in eight colours (x // 8), the second interlaced;
  an animation whose later frame is white must still give the first.
- transparent.png / transparent.gif: the left half clear, the right half opaque red.
- scene.png: 160 x 120 for the drawings (gradients and shapes).
"""
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).parent


def pattern():
    image = Image.new("RGB", (64, 48))
    image.putdata([(4 * x, 5 * y, 128) for y in range(48) for x in range(64)])
    return image


def palette():
    colours = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255), (255, 255, 255)]
    image = Image.new("RGB", (64, 48))
    image.putdata([colours[x // 8] for y in range(48) for x in range(64)])
    return image.quantize(colors=8, dither=Image.Dither.NONE)


def transparent():
    image = Image.new("RGBA", (64, 48), (0, 0, 0, 0))
    ImageDraw.Draw(image).rectangle((32, 0, 63, 47), fill=(255, 0, 0, 255))
    return image


def scene():
    image = Image.new("RGB", (160, 120))
    image.putdata([(x * 255 // 160, y * 255 // 120, 96) for y in range(120) for x in range(160)])
    draw = ImageDraw.Draw(image)
    draw.ellipse((20, 20, 70, 70), fill=(250, 240, 40))
    draw.rectangle((90, 60, 150, 110), fill=(20, 30, 200))
    return image


def main():
    pattern().save(HERE / "pattern.png")
    pattern().save(HERE / "pattern.jpg", quality=95)
    pattern().save(HERE / "pattern.webp", lossless=True)
    pattern().save(HERE / "pattern-animated.webp", save_all=True, lossless=True,
                   append_images=[Image.new("RGB", (64, 48))], duration=100)
    palette().save(HERE / "palette.gif", save_all=True, append_images=[Image.new("P", (64, 48), 7)])
    palette().save(HERE / "palette-interlaced.gif", interlace=True)
    transparent().save(HERE / "transparent.png")
    transparent().save(HERE / "transparent.gif")
    scene().save(HERE / "scene.png")


if __name__ == "__main__":
    main()
