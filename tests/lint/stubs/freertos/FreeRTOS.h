/* cppcheck stub of FreeRTOS-Kernel V11.1.0's FreeRTOS.h (see ../README.md). */
#ifndef RTB_STUB_FREERTOS_H
#define RTB_STUB_FREERTOS_H
#include <stddef.h>
#include <stdint.h>

#include "FreeRTOSConfig.h"

typedef uint32_t TickType_t;
typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t StackType_t;
typedef uint32_t EventBits_t;
typedef void *TaskHandle_t;
typedef void *QueueHandle_t;
typedef void *SemaphoreHandle_t;
typedef void *EventGroupHandle_t;
typedef void (*TaskFunction_t)(void *);
typedef struct {
    void *dummy[40];
} StaticTask_t;
typedef struct {
    void *dummy[20];
} StaticQueue_t;
typedef StaticQueue_t StaticSemaphore_t;
typedef struct {
    void *dummy[8];
} StaticEventGroup_t;

#define pdFALSE ((BaseType_t)0)
#define pdTRUE ((BaseType_t)1)
#define pdPASS pdTRUE
#define pdFAIL pdFALSE
#define errQUEUE_EMPTY ((BaseType_t)0)
#define errQUEUE_FULL ((BaseType_t)0)
#define portMAX_DELAY ((TickType_t)0xffffffffUL)
#define tskKERNEL_VERSION_NUMBER "V11.1.0"
#define eventEVENT_BITS_CONTROL_BYTES 0xff000000UL
#ifndef configSTACK_DEPTH_TYPE
#define configSTACK_DEPTH_TYPE StackType_t
#endif
#define portYIELD_FROM_ISR(x) vPortYieldFromISR(x)
#define taskYIELD() vPortYield()
#define taskENTER_CRITICAL() vPortEnterCritical()
#define taskEXIT_CRITICAL() vPortExitCritical()
#define taskENTER_CRITICAL_FROM_ISR() ulSetInterruptMask()
#define taskEXIT_CRITICAL_FROM_ISR(x) vClearInterruptMask(x)

void vPortYieldFromISR(BaseType_t);
void vPortYield(void);
void vPortEnterCritical(void);
void vPortExitCritical(void);
UBaseType_t ulSetInterruptMask(void);
void vClearInterruptMask(UBaseType_t);
void *pvPortMalloc(size_t);
void vPortFree(void *);
#endif
