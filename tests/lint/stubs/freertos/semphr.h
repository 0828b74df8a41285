/* cppcheck stub of FreeRTOS's semphr.h (see ../README.md). */
#ifndef RTB_STUB_SEMPHR_H
#define RTB_STUB_SEMPHR_H
#include "queue.h"
SemaphoreHandle_t xSemaphoreCreateBinaryStatic(StaticSemaphore_t *);
SemaphoreHandle_t xSemaphoreCreateCountingStatic(UBaseType_t, UBaseType_t, StaticSemaphore_t *);
SemaphoreHandle_t xSemaphoreCreateRecursiveMutexStatic(StaticSemaphore_t *);
BaseType_t xSemaphoreGive(SemaphoreHandle_t);
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t, BaseType_t *);
BaseType_t xSemaphoreTake(SemaphoreHandle_t, TickType_t);
BaseType_t xSemaphoreTakeRecursive(SemaphoreHandle_t, TickType_t);
BaseType_t xSemaphoreGiveRecursive(SemaphoreHandle_t);
#endif
