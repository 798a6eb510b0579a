/* Times three ways to turn a picture's bytes into RGBA pixels for a box (the largest inline
 * image, 40 x 12 cells of 10 x 20 pixels: 400 x 240), the step before drawing: libturbojpeg,
 * libspng, libwebp and giflib, each for its format, decoding at the smallest size they can that
 * still fills what the picture becomes in the box (JPEG and WebP scale while decoding, PNG and
 * GIF cannot); gdk-pixbuf, asked for that size through its loader; libvips's thumbnail, which
 * shrinks on load. Prints one line a format and way: the median and the fastest of RUNS runs.
 *   image_decoders DIR RUNS */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gif_lib.h>
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>
#include <vips/vips.h>
#include <webp/decode.h>

enum { box_width = 400, box_height = 240 };

/* What a picture of width x height becomes in the box, proportions kept. */
static double fit_scale(int width, int height) {
    double scale = (double)box_width / width;
    if ((double)box_height / height < scale) scale = (double)box_height / height;
    return scale < 1 ? scale : 1;
}

typedef struct { unsigned char *bytes; size_t length; } buffer;
typedef int (*decoder)(const buffer *input, int *width, int *height);

static buffer read_file(const char *path) {
    buffer result = {0};
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    result.length = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    result.bytes = malloc(result.length);
    if (fread(result.bytes, 1, result.length, file) != result.length) { perror(path); exit(1); }
    fclose(file);
    return result;
}

static int decode_jpeg(const buffer *input, int *width, int *height) {
    tjhandle handle = tjInitDecompress();
    int w, h, subsampling, colourspace, count, chosen = -1;
    if (tjDecompressHeader3(handle, input->bytes, input->length, &w, &h, &subsampling, &colourspace)) return -1;
    tjscalingfactor *factors = tjGetScalingFactors(&count);
    double scale = fit_scale(w, h);
    for (int i = 0; i < count; i++) {
        int sw = TJSCALED(w, factors[i]), sh = TJSCALED(h, factors[i]);
        if (sw >= (int)(w * scale) && sh >= (int)(h * scale) && (chosen < 0 || sw < TJSCALED(w, factors[chosen]))) chosen = i;
    }
    *width = TJSCALED(w, factors[chosen]);
    *height = TJSCALED(h, factors[chosen]);
    unsigned char *pixels = malloc((size_t)*width * *height * 4);
    int failed = tjDecompress2(handle, input->bytes, input->length, pixels, *width, 0, *height, TJPF_RGBA, 0);
    free(pixels);
    tjDestroy(handle);
    return failed;
}

static int decode_png(const buffer *input, int *width, int *height) {
    spng_ctx *context = spng_ctx_new(0);
    struct spng_ihdr header;
    size_t size;
    spng_set_png_buffer(context, input->bytes, input->length);
    if (spng_get_ihdr(context, &header) || spng_decoded_image_size(context, SPNG_FMT_RGBA8, &size)) return -1;
    unsigned char *pixels = malloc(size);
    int failed = spng_decode_image(context, pixels, size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS);
    *width = (int)header.width;
    *height = (int)header.height;
    free(pixels);
    spng_ctx_free(context);
    return failed;
}

static int decode_webp(const buffer *input, int *width, int *height) {
    WebPDecoderConfig config;
    WebPInitDecoderConfig(&config);
    if (WebPGetFeatures(input->bytes, input->length, &config.input) != VP8_STATUS_OK) return -1;
    double scale = fit_scale(config.input.width, config.input.height);
    if (scale < 1) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)(config.input.width * scale + 0.5);
        config.options.scaled_height = (int)(config.input.height * scale + 0.5);
    }
    config.output.colorspace = MODE_RGBA;
    if (WebPDecode(input->bytes, input->length, &config) != VP8_STATUS_OK) return -1;
    *width = config.output.width;
    *height = config.output.height;
    WebPFreeDecBuffer(&config.output);
    return 0;
}

typedef struct { const buffer *input; size_t offset; } gif_reader;

static int read_gif(GifFileType *file, GifByteType *into, int count) {
    gif_reader *reader = file->UserData;
    size_t left = reader->input->length - reader->offset;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(into, reader->input->bytes + reader->offset, taken);
    reader->offset += taken;
    return (int)taken;
}

/* The first frame only, over a canvas of the screen's size. */
static int decode_gif(const buffer *input, int *width, int *height) {
    gif_reader reader = {input, 0};
    int error;
    GifFileType *file = DGifOpen(&reader, read_gif, &error);
    if (!file) return -1;
    GifRecordType record;
    int failed = -1;
    do {
        if (DGifGetRecordType(file, &record) == GIF_ERROR) break;
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *extension;
            if (DGifGetExtension(file, &code, &extension) == GIF_ERROR) break;
            while (extension && DGifGetExtensionNext(file, &extension) == GIF_OK && extension) {}
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(file) == GIF_ERROR) break;
            GifImageDesc *frame = &file->Image;
            ColorMapObject *map = frame->ColorMap ? frame->ColorMap : file->SColorMap;
            *width = file->SWidth;
            *height = file->SHeight;
            unsigned char *pixels = calloc((size_t)*width * *height, 4);
            GifPixelType *line = malloc((size_t)frame->Width);
            failed = 0;
            for (int row = 0; row < frame->Height && !failed; row++) {
                if (DGifGetLine(file, line, frame->Width) == GIF_ERROR) { failed = -1; break; }
                int y = frame->Top + row;
                for (int column = 0; column < frame->Width && y < *height; column++) {
                    int x = frame->Left + column;
                    if (x >= *width || !map || line[column] >= map->ColorCount) continue;
                    unsigned char *pixel = pixels + ((size_t)y * *width + x) * 4;
                    GifColorType colour = map->Colors[line[column]];
                    pixel[0] = colour.Red, pixel[1] = colour.Green, pixel[2] = colour.Blue, pixel[3] = 255;
                }
            }
            free(line);
            free(pixels);
            break;
        }
    } while (record != TERMINATE_RECORD_TYPE);
    DGifCloseFile(file, &error);
    return failed;
}

static void fit_box(GdkPixbufLoader *loader, int width, int height, gpointer unused) {
    (void)unused;
    double scale = fit_scale(width, height);
    if (scale < 1) gdk_pixbuf_loader_set_size(loader, (int)(width * scale + 0.5), (int)(height * scale + 0.5));
}

static int decode_pixbuf(const buffer *input, int *width, int *height) {
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(fit_box), NULL);
    GError *error = NULL;
    int failed = !gdk_pixbuf_loader_write(loader, input->bytes, input->length, &error)
        || !gdk_pixbuf_loader_close(loader, &error);
    if (!failed) {
        GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
        *width = gdk_pixbuf_get_width(pixbuf);
        *height = gdk_pixbuf_get_height(pixbuf);
    }
    if (error) g_error_free(error);
    g_object_unref(loader);
    return failed ? -1 : 0;
}

static int decode_vips(const buffer *input, int *width, int *height) {
    VipsImage *image;
    if (vips_thumbnail_buffer(input->bytes, input->length, &image, box_width, "height", box_height, NULL)) return -1;
    size_t size;
    void *pixels = vips_image_write_to_memory(image, &size);
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_free(pixels);
    g_object_unref(image);
    return pixels ? 0 : -1;
}

static double now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void time_decoder(const char *format, const char *way, decoder decode, const buffer *input, int runs) {
    double *times = malloc(sizeof(double) * runs);
    int width = 0, height = 0;
    for (int run = 0; run < runs; run++) {
        double start = now_ms();
        if (decode(input, &width, &height)) { printf("%-5s %-11s failed\n", format, way); free(times); return; }
        times[run] = now_ms() - start;
    }
    qsort(times, runs, sizeof(double), by_value);
    printf("%-5s %-11s %4dx%-4d median %6.2f ms  fastest %6.2f ms\n", format, way, width, height, times[runs / 2], times[0]);
    free(times);
}

int main(int argc, char **argv) {
    if (argc < 3 || VIPS_INIT(argv[0])) { fprintf(stderr, "usage: image_decoders DIR RUNS\n"); return 2; }
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    int runs = atoi(argv[2]);
    struct { const char *format; decoder own; const char *own_name; } formats[] = {
        {"jpg", decode_jpeg, "libturbojpeg"}, {"png", decode_png, "libspng"},
        {"webp", decode_webp, "libwebp"}, {"gif", decode_gif, "giflib"},
    };
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/scene.%s", argv[1], formats[i].format);
        buffer input = read_file(path);
        time_decoder(formats[i].format, formats[i].own_name, formats[i].own, &input, runs);
        time_decoder(formats[i].format, "gdk-pixbuf", decode_pixbuf, &input, runs);
        time_decoder(formats[i].format, "libvips", decode_vips, &input, runs);
        free(input.bytes);
    }
    return 0;
}
