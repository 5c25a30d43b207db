package com.example.shop.web;

import com.example.shop.problems.Problems;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Resources with each cache policy, over a small in-memory store the tests change. */
@Path("/caching")
@Produces(MediaType.APPLICATION_JSON)
public class CachingProbeResource {

    static final Map<String, Long> VERSIONS = new ConcurrentHashMap<>(Map.of("a", 1L, "b", 1L));

    public record Item(String id, long version) {
    }

    @GET
    @Path("/items")
    @HttpCaching(CachePolicy.PUBLIC_READ)
    public List<Item> list() {
        return VERSIONS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> new Item(e.getKey(), e.getValue())).toList();
    }

    @GET
    @Path("/items/{id}")
    @HttpCaching(CachePolicy.PUBLIC_READ)
    public Response one(@PathParam("id") String id) {
        Long version = VERSIONS.get(id);
        if (version == null) {
            throw Problems.notFound("No item " + id);
        }
        return Response.ok(new Item(id, version)).tag(new EntityTag(String.valueOf(version))).build();
    }

    @POST
    @Path("/items/{id}")
    @HttpCaching(CachePolicy.PUBLIC_READ)
    public Item bump(@PathParam("id") String id) {
        return new Item(id, VERSIONS.merge(id, 1L, Long::sum));
    }

    @GET
    @Path("/text")
    @HttpCaching(CachePolicy.PUBLIC_READ)
    public String text() {
        return "{\"ready\":true}";
    }

    @GET
    @Path("/cart")
    @HttpCaching(CachePolicy.NO_STORE)
    public Map<String, String> cart() {
        return Map.of("id", "c1");
    }

    @GET
    @Path("/admin")
    @HttpCaching(CachePolicy.PRIVATE_NO_STORE)
    public Map<String, String> admin() {
        return Map.of("report", "ok");
    }
}
