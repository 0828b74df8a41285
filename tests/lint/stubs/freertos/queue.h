/* cppcheck stub of FreeRTOS's queue.h (see ../README.md). */
#ifndef RTB_STUB_QUEUE_H
#define RTB_STUB_QUEUE_H
#include "FreeRTOS.h"
QueueHandle_t xQueueCreateStatic(UBaseType_t, UBaseType_t, uint8_t *, StaticQueue_t *);
BaseType_t xQueueSendToBack(QueueHandle_t, const void *, TickType_t);
BaseType_t xQueueSendToFront(QueueHandle_t, const void *, TickType_t);
BaseType_t xQueueSendToBackFromISR(QueueHandle_t, const void *, BaseType_t *);
BaseType_t xQueueSendToFrontFromISR(QueueHandle_t, const void *, BaseType_t *);
BaseType_t xQueueReceive(QueueHandle_t, void *, TickType_t);
#endif
