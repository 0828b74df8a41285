/* cppcheck stub of FreeRTOS's event_groups.h (see ../README.md). */
#ifndef RTB_STUB_EVENT_GROUPS_H
#define RTB_STUB_EVENT_GROUPS_H
#include "FreeRTOS.h"
EventGroupHandle_t xEventGroupCreateStatic(StaticEventGroup_t *);
EventBits_t xEventGroupSetBits(EventGroupHandle_t, EventBits_t);
EventBits_t xEventGroupClearBits(EventGroupHandle_t, EventBits_t);
BaseType_t xEventGroupSetBitsFromISR(EventGroupHandle_t, EventBits_t, BaseType_t *);
BaseType_t xEventGroupClearBitsFromISR(EventGroupHandle_t, EventBits_t);
EventBits_t xEventGroupWaitBits(EventGroupHandle_t, EventBits_t, BaseType_t, BaseType_t,
                                TickType_t);
#endif
