/*
 * rtbench - the one source of a check application's suite image
 * (ports/<kernel>/app/, ports/adapter/app.cmake).
 *
 * add_executable() needs a source, and the image has none of its own: main(),
 * the vector table, the start-up and every benchmark come from the adapter's
 * library and the board support that rtb_cm_image() adds. This file satisfies
 * CMake and defines nothing (ISO C wants a declaration in a translation unit).
 */
typedef int rtb_app_image_has_no_code;
