package com.example.shop.web.runs;

import com.example.shop.problems.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * A problem as stored beside a run (a failed run's, an import's rejected line): the members the
 * API shows, in its order, with extension values that are records (violations) or lists stored as
 * BSON documents and arrays.
 */
public final class ProblemCodec {

    private ProblemCodec() {
    }

    public static Document toDocument(Problem problem) {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("type", problem.type());
        members.put("title", problem.title());
        members.put("status", problem.status());
        if (problem.detail() != null) {
            members.put("detail", problem.detail());
        }
        if (problem.instance() != null) {
            members.put("instance", problem.instance());
        }
        problem.members().forEach((name, value) -> members.put(name, bsonValue(value)));
        return new Document(members);
    }

    private static Object bsonValue(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(ProblemCodec::bsonValue).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Document doc = new Document();
            map.forEach((name, member) -> doc.append(String.valueOf(name), bsonValue(member)));
            return doc;
        }
        if (value instanceof Record record) {
            Document doc = new Document();
            for (var component : record.getClass().getRecordComponents()) {
                try {
                    doc.append(component.getName(), bsonValue(component.getAccessor().invoke(record)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return doc;
        }
        return value instanceof String || value instanceof Number || value instanceof Boolean || value == null
                ? value : String.valueOf(value);
    }
}
