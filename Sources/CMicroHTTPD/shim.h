#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are C-variadic, which Swift
   cannot call; these wrappers pass the options as an MHD_OPTION_ARRAY. */

/* Starts a daemon bound to `addr` only. `addr` must stay valid for the duration of the call. */
static inline struct MHD_Daemon *notio_mhd_start(unsigned int flags,
                                                 const struct sockaddr *addr,
                                                 unsigned int thread_pool_size,
                                                 unsigned int connection_timeout,
                                                 MHD_AccessHandlerCallback handler,
                                                 void *handler_cls,
                                                 MHD_RequestCompletedCallback completed,
                                                 void *completed_cls,
                                                 MHD_NotifyConnectionCallback notify_connection,
                                                 void *notify_connection_cls) {
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_SOCK_ADDR, 0, (void *)addr },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)connection_timeout, NULL },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls },
        /* Called on the connection's own thread when it opens, and before its socket is closed. */
        { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, notify_connection_cls },
        { MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024, NULL },
        /* Each connection's buffer is cleared between requests: 16 KiB holds any sane header
           set and costs half the default's clearing. */
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)(16 * 1024), NULL },
        { thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)thread_pool_size, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* The port the daemon listens on (the real one when 0 was asked for); 0 if unknown. */
static inline uint16_t notio_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* The peer's address, or NULL. Valid while the connection lives. */
static inline const struct sockaddr *notio_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The connection's socket, or -1. Used only to answer a request whose chunked body outgrew its
   limit: MHD 0.9.75 cannot queue a response until the whole body has been read. */
static inline int notio_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* What the connection callback stored for this connection (MHD_OPTION_NOTIFY_CONNECTION), or NULL. */
static inline void *notio_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}
