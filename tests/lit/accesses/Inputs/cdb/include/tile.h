#define TILE_WIDTH 32
