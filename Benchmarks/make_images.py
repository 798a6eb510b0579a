"""Writes the benchmark's sample pictures into DIR: a 1,024 x 768 scene (gradients, shapes and
grain, so neither the encoders nor the scalers meet a flat image) as JPEG (quality 85), PNG,
GIF (the first of two frames) and WebP (quality 80), the formats a Matrix thumbnail comes in.
    python make_images.py DIR"""
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw


def scene(width=1024, height=768, seed=1024):
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            grain = rng.randint(-12, 12)
            pixels[x, y] = (
                max(0, min(255, x * 255 // width + grain)),
                max(0, min(255, y * 255 // height + grain)),
                max(0, min(255, 128 + grain)),
            )
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        size = rng.randrange(20, 200)
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse((x, y, x + size, y + size), fill=colour)
        else:
            draw.rectangle((x, y, x + size, y + size // 2), fill=colour)
    return image


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    image = scene()
    image.save(out / "scene.jpg", quality=85)
    image.save(out / "scene.png")
    image.save(out / "scene.webp", quality=80)
    frames = [image.convert("P", palette=Image.Palette.ADAPTIVE), image.rotate(180).convert("P")]
    frames[0].save(out / "scene.gif", save_all=True, append_images=frames[1:])


if __name__ == "__main__":
    main()
