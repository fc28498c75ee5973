// LD_PRELOAD shim for scripts/count-sdl-calls.sh: counts the app's calls into SDL's drawing
// functions, after its first $SDL_CALLS_SKIP presents (default 2; start-up draws the whole window),
// and writes the counts to $SDL_CALLS_OUT at exit. Only calls from the app pass through here:
// SDL's own internal calls do not use its exported symbols.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

enum { GEOMETRY, COPY, COPY_EX, FILL, CLEAR, BLIT, PRESENT, SURFACE_UPDATE, KINDS };
static const char *names[KINDS] = {"geometry", "copy", "copy_ex", "fill", "clear", "blit", "present", "surface_update"};
static long counts[KINDS], presents, skip = 2;

__attribute__((constructor)) static void start(void) {
    const char *s = getenv("SDL_CALLS_SKIP");
    if (s && atol(s) >= 0) skip = atol(s);
}

static void count(int kind) { if (presents >= skip) counts[kind]++; }
static void presented(int kind) { count(kind); presents++; }

#define NEXT(name) static void *next; if (!next) next = dlsym(RTLD_NEXT, #name)
#define WRAP(ret, name, kind, params, args) \
    ret name params { NEXT(name); count(kind); return ((ret (*) params)next) args; }

typedef struct SDL_Renderer SDL_Renderer;
typedef struct SDL_Texture SDL_Texture;
typedef struct SDL_Surface SDL_Surface;
typedef struct SDL_Window SDL_Window;

WRAP(int, SDL_RenderGeometry, GEOMETRY, (SDL_Renderer *r, SDL_Texture *t, const void *v, int n, const int *i, int m), (r, t, v, n, i, m))
WRAP(int, SDL_RenderGeometryRaw, GEOMETRY, (SDL_Renderer *r, SDL_Texture *t, const float *xy, int xs, const void *c, int cs, const float *uv, int uvs, int n, const void *i, int m, int is), (r, t, xy, xs, c, cs, uv, uvs, n, i, m, is))
WRAP(int, SDL_RenderCopy, COPY, (SDL_Renderer *r, SDL_Texture *t, const void *s, const void *d), (r, t, s, d))
WRAP(int, SDL_RenderCopyF, COPY, (SDL_Renderer *r, SDL_Texture *t, const void *s, const void *d), (r, t, s, d))
WRAP(int, SDL_RenderCopyEx, COPY_EX, (SDL_Renderer *r, SDL_Texture *t, const void *s, const void *d, double a, const void *c, int f), (r, t, s, d, a, c, f))
WRAP(int, SDL_RenderCopyExF, COPY_EX, (SDL_Renderer *r, SDL_Texture *t, const void *s, const void *d, double a, const void *c, int f), (r, t, s, d, a, c, f))
WRAP(int, SDL_RenderFillRect, FILL, (SDL_Renderer *r, const void *rect), (r, rect))
WRAP(int, SDL_RenderFillRectF, FILL, (SDL_Renderer *r, const void *rect), (r, rect))
WRAP(int, SDL_RenderFillRects, FILL, (SDL_Renderer *r, const void *rects, int n), (r, rects, n))
WRAP(int, SDL_RenderFillRectsF, FILL, (SDL_Renderer *r, const void *rects, int n), (r, rects, n))
WRAP(int, SDL_RenderClear, CLEAR, (SDL_Renderer *r), (r))
WRAP(int, SDL_UpperBlit, BLIT, (SDL_Surface *s, const void *sr, SDL_Surface *d, void *dr), (s, sr, d, dr))
WRAP(int, SDL_UpperBlitScaled, BLIT, (SDL_Surface *s, const void *sr, SDL_Surface *d, void *dr), (s, sr, d, dr))
WRAP(int, SDL_FillRect, FILL, (SDL_Surface *d, const void *r, unsigned c), (d, r, c))

void SDL_RenderPresent(SDL_Renderer *r) { NEXT(SDL_RenderPresent); presented(PRESENT); ((void (*)(SDL_Renderer *))next)(r); }
int SDL_UpdateWindowSurface(SDL_Window *w) { NEXT(SDL_UpdateWindowSurface); presented(SURFACE_UPDATE); return ((int (*)(SDL_Window *))next)(w); }
int SDL_UpdateWindowSurfaceRects(SDL_Window *w, const void *r, int n) {
    NEXT(SDL_UpdateWindowSurfaceRects); presented(SURFACE_UPDATE); return ((int (*)(SDL_Window *, const void *, int))next)(w, r, n);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("SDL_CALLS_OUT");
    FILE *f = path ? fopen(path, "w") : stderr;
    if (!f) return;
    fprintf(f, "frames_counted=%ld", presents > skip ? presents - skip : 0);
    for (int k = 0; k < KINDS; k++) fprintf(f, " %s=%ld", names[k], counts[k]);
    fputc('\n', f);
    if (f != stderr) fclose(f);
}
