package org.rpcbench.soap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rpcbench.api.BidRequest;
import org.rpcbench.api.Person;

/**
 * An echo's payload as SOAP carries it: JAXB binds a bean or a string as {@code xs:anyType}, but not a bare list or
 * map, which two of the suite's payloads are. So the echo's one argument and answer is this bean, holding the payload
 * in the field for its shape, as gRPC's message holds it in a oneof; the others stay absent from the XML.
 */
public class EchoPayload {

    private String text;
    private Person person;
    private Map<String, Person> persons;
    private BidRequest bid;
    private List<BidRequest> bids;

    /**
     * The holder of a suite payload.
     *
     * @throws IllegalArgumentException for a payload of a shape the suite does not send
     */
    static EchoPayload of(Object payload) {
        EchoPayload holder = new EchoPayload();
        if (payload instanceof String string) {
            holder.text = string;
        } else if (payload instanceof Person one) {
            holder.person = one;
        } else if (payload instanceof BidRequest one) {
            holder.bid = one;
        } else if (payload instanceof List<?> list && list.stream().allMatch(BidRequest.class::isInstance)) {
            holder.bids = new ArrayList<>(list.stream().map(BidRequest.class::cast).toList());
        } else if (payload instanceof Map<?, ?> map && map.keySet().stream().allMatch(String.class::isInstance)
                && map.values().stream().allMatch(Person.class::isInstance)) {
            Map<String, Person> persons = new LinkedHashMap<>();
            map.forEach((key, value) -> persons.put((String) key, (Person) value));
            holder.persons = persons;
        } else {
            throw new IllegalArgumentException("the soap stack's echo carries strings, persons, bid requests and"
                    + " lists and maps of them, not " + (payload == null ? "null" : payload.getClass().getName()));
        }
        return holder;
    }

    /** The payload held: the one field present. */
    Object payload() {
        for (Object held : new Object[] {text, person, persons, bid, bids}) {
            if (held != null) {
                return held;
            }
        }
        return null;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    public Person getPerson() {
        return person;
    }

    public void setPerson(Person person) {
        this.person = person;
    }

    public Map<String, Person> getPersons() {
        return persons;
    }

    public void setPersons(Map<String, Person> persons) {
        this.persons = persons;
    }

    public BidRequest getBid() {
        return bid;
    }

    public void setBid(BidRequest bid) {
        this.bid = bid;
    }

    public List<BidRequest> getBids() {
        return bids;
    }

    public void setBids(List<BidRequest> bids) {
        this.bids = bids;
    }
}
