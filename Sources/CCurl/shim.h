#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are C-variadic, which Swift cannot call: one wrapper
   per argument type. */
static inline CURLcode notio_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode notio_curl_set_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode notio_curl_set_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode notio_curl_set_offset(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode notio_curl_set_write(CURL *h, CURLoption o, curl_write_callback f) { return curl_easy_setopt(h, o, f); }
static inline CURLcode notio_curl_set_opensocket(CURL *h, curl_opensocket_callback f) { return curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, f); }
static inline CURLcode notio_curl_set_xferinfo(CURL *h, curl_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }

static inline long notio_curl_response_code(CURL *h) {
    long code = 0;
    return curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0;
}

/* The absolute URL a 3xx answer points to (curl resolves a relative Location), or NULL. */
static inline const char *notio_curl_redirect_url(CURL *h) {
    char *url = NULL;
    return curl_easy_getinfo(h, CURLINFO_REDIRECT_URL, &url) == CURLE_OK ? url : NULL;
}

/* The last response's header `name`, or NULL (curl_easy_header, libcurl 7.83+). */
static inline const char *notio_curl_header(CURL *h, const char *name) {
    struct curl_header *header = NULL;
    return curl_easy_header(h, name, 0, CURLH_HEADER, -1, &header) == CURLHE_OK && header ? header->value : NULL;
}

static inline CURLcode notio_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

/* The address curl is about to connect to: family (AF_INET, AF_INET6, or 0 for anything else),
   its 4 or 16 address bytes in `out`, and the port. */
static inline int notio_curl_peer(const struct curl_sockaddr *address, uint8_t out[16], int *port) {
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)&address->addr;
        memcpy(out, &in->sin_addr, 4);
        *port = ntohs(in->sin_port);
        return AF_INET;
    }
    if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&address->addr;
        memcpy(out, &in6->sin6_addr, 16);
        *port = ntohs(in6->sin6_port);
        return AF_INET6;
    }
    return 0;
}
